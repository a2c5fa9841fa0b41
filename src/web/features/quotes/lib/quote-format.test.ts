import { QUOTE_STATUSES } from "@shared/quote-rules";
import { describe, expect, it } from "vitest";
import {
  hasActiveFilters,
  NO_FILTERS,
  pageCount,
  panelFilterCount,
  QUICK_FILTERS,
  quotesCountLabel,
} from "./quote-filters";
import { itemsPreview, STATUS_BADGE_CLASSES, statusActions } from "./quote-format";

const squash = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("card formatting", () => {
  it("shows the first two lines and '+1 autre' / '+2 autres' (a computed plural)", () => {
    const items = [3, 1, 4, 2].map((position) => ({ position, name: `L${position}` }));
    const preview = itemsPreview(items);
    expect(preview.items.map((i) => i.name)).toEqual(["L1", "L2"]);
    expect(preview.restLabel).toBe("+2\u00a0autres");
    expect(itemsPreview(items.slice(0, 3)).restLabel).toBe("+1\u00a0autre");
    expect(itemsPreview(items.slice(0, 2)).restLabel).toBeNull();
  });

  it("gives every status its own colour", () => {
    const classes = QUOTE_STATUSES.map((s) => STATUS_BADGE_CLASSES[s]);
    expect(new Set(classes).size).toBe(QUOTE_STATUSES.length);
  });
});

describe("status rules", () => {
  it("locks final quotes and offers project/invoice creation per the spec", () => {
    expect(statusActions({ status: "en cours de redaction", project_id: null })).toMatchObject({
      final: false,
      canSend: true,
      canRemind: false,
      canValidate: true,
      showCreateProject: false,
      showCreateInvoice: false,
    });
    expect(statusActions({ status: "envoye au client", project_id: null })).toMatchObject({
      canSend: false,
      canRemind: true,
      canValidate: true,
    });
    expect(statusActions({ status: "valide", project_id: null })).toMatchObject({
      final: true,
      canValidate: false,
      showCreateProject: true,
      showCreateInvoice: true,
    });
    expect(statusActions({ status: "valide", project_id: "p1" })).toMatchObject({
      showCreateProject: false,
      showCreateInvoice: true,
    });
    for (const status of ["refuse", "annule"] as const) {
      expect(statusActions({ status, project_id: null })).toMatchObject({
        final: true,
        canSend: false,
        canValidate: false,
        showCreateInvoice: false,
      });
    }
  });
});

describe("filters", () => {
  it("has the spec's quick filters, « Envoyés » as sent and reminded quotes still valid, and « Expirés »", () => {
    expect(QUICK_FILTERS.map((f) => [f.label, f.status, f.state])).toEqual([
      ["Validés", "valide", undefined],
      ["Envoyés", undefined, "pending"],
      ["Expirés", undefined, "expired"],
      ["En cours", "en cours de redaction", undefined],
      ["Tous", undefined, undefined],
    ]);
  });

  it("counts pages of 20 and active filters", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: "  " })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, clientId: "c" })).toBe(true);
    expect(panelFilterCount({ search: "x", status: "valide", clientId: "c" })).toBe(2);
    expect(quotesCountLabel(1)).toBe("1 devis");
    expect(squash(quotesCountLabel(1200))).toBe("1 200 devis");
  });
});
