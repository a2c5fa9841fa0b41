import { describe, expect, it } from "vitest";
import {
  documentTitle,
  invoiceActions,
  invoicesCountLabel,
  kindBadge,
  overdueLabel,
  pageCount,
  pdfFileName,
  STATUS_FILTERS,
  statusQuery,
} from "./invoice-format";

const ALL = { canEdit: true, canDelete: true, canIssue: true, canPay: true };
const NONE = { canEdit: false, canDelete: false, canIssue: false, canPay: false };

describe("invoice list helpers", () => {
  it("filters by the spec's statuses, « Toutes » being no status", () => {
    expect(STATUS_FILTERS.map((f) => f.label)).toEqual([
      "Toutes",
      "Brouillon",
      "Envoyée",
      "Payée",
      "En retard",
      "Annulée",
    ]);
    expect(statusQuery("all")).toBeUndefined();
    expect(statusQuery("overdue")).toBe("overdue");
  });

  it("counts with the plural, found once filtered", () => {
    expect(invoicesCountLabel(0)).toBe("0\u00a0facture");
    expect(invoicesCountLabel(1)).toBe("1\u00a0facture");
    expect(invoicesCountLabel(1200)).toBe("1\u202f200\u00a0factures");
    expect(invoicesCountLabel(3, true)).toBe("3\u00a0factures trouvées");
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it("says the overdue state in words, from the server's days late", () => {
    expect(overdueLabel({ overdue: true, days_late: 1 })).toBe("1 jour de retard");
    expect(overdueLabel({ overdue: true, days_late: 12 })).toBe("12 jours de retard");
    expect(overdueLabel({ overdue: false, days_late: 0 })).toBeNull();
  });

  it("names the kinds and their files", () => {
    expect(kindBadge("invoice")).toBeNull();
    expect(kindBadge("deposit")).toBe("Acompte");
    expect(kindBadge("credit_note")).toBe("Avoir");
    expect(documentTitle({ kind: "deposit", reference: "FAC-2026-0002" })).toBe("Facture d’acompte FAC-2026-0002");
    expect(documentTitle({ kind: "credit_note", reference: "AV-2026-0001" })).toBe("Avoir AV-2026-0001");
    expect(pdfFileName({ kind: "invoice", reference: "FAC-2026-0001" })).toBe("facture-FAC-2026-0001.pdf");
    expect(pdfFileName({ kind: "credit_note", reference: "AV-2026-0001" })).toBe("avoir-AV-2026-0001.pdf");
  });
});

describe("invoiceActions: by status and permission", () => {
  const on = (
    status: "draft" | "sent" | "paid" | "cancelled",
    kind: "invoice" | "deposit" | "credit_note" = "invoice",
    balance = 100,
  ) => invoiceActions({ status, kind, balance_due: balance }, ALL);

  it("a draft is edited, issued or deleted, and takes no payment", () => {
    expect(on("draft")).toMatchObject({
      edit: true,
      delete: true,
      issue: true,
      markPaid: false,
      recordPayment: false,
      cancel: false,
      showPayments: false,
    });
    expect(invoiceActions({ status: "draft", kind: "deposit", balance_due: 100 }, NONE)).toMatchObject({
      edit: false,
      delete: false,
      issue: false,
    });
  });

  it("an issued invoice is paid or cancelled; once fully paid, its payments remain and it may still be cancelled (ADR 0030)", () => {
    expect(on("sent")).toMatchObject({
      edit: false,
      delete: false,
      issue: false,
      markPaid: true,
      recordPayment: true,
      cancel: true,
      removePayment: true,
      showPayments: true,
    });
    expect(on("sent", "invoice", 0)).toMatchObject({ markPaid: false, recordPayment: false, cancel: true });
    expect(on("paid", "invoice", 0)).toMatchObject({
      markPaid: false,
      recordPayment: false,
      cancel: true,
      delete: false,
      removePayment: true,
    });
    expect(
      invoiceActions({ status: "sent", kind: "invoice", balance_due: 10 }, { ...ALL, canPay: false }),
    ).toMatchObject({ markPaid: false, recordPayment: false, removePayment: false, cancel: true });
    expect(
      invoiceActions({ status: "sent", kind: "invoice", balance_due: 10 }, { ...ALL, canIssue: false }).cancel,
    ).toBe(false);
  });

  it("a cancelled invoice and a credit note offer nothing but their links", () => {
    for (const actions of [on("cancelled"), on("sent", "credit_note")]) {
      expect(actions).toMatchObject({
        edit: false,
        delete: false,
        issue: false,
        markPaid: false,
        recordPayment: false,
        cancel: false,
        removePayment: false,
      });
    }
    expect(on("cancelled").showPayments).toBe(true);
    expect(on("sent", "credit_note").showPayments).toBe(false);
  });
});
