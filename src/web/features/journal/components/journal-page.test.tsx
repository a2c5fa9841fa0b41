import {
  JOURNAL_TEXTS,
  type JournalTotals,
  type JournalVerification,
  journalPeriodTotalsSchema,
  journalTotalsSchema,
  journalVerificationSchema,
} from "@shared/journal";
import type { PermissionCode } from "@shared/permissions";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { spaced } from "@web/test/text";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { JournalPage } from "./journal-page";

vi.mock("@web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const saved = vi.hoisted(() => [] as { filename: string | null; fallback: string }[]);
vi.mock("@web/lib/save-file", () => ({
  saveFile: vi.fn((file: { filename: string | null }, fallback: string) => {
    saved.push({ filename: file.filename, fallback });
    return file.filename ?? fallback;
  }),
}));

const T = JOURNAL_TEXTS.page;
const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date()).slice(0, 4));
const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date()).slice(0, 7);
const CLOSING_ID = "6a000001-0000-4000-8000-000000000001";

const intact: JournalVerification = {
  ok: true,
  entries: 42,
  last_hash: "ab".repeat(32),
  grand_total: 12_345.67,
  receipts_total: 9_000,
  first_broken: null,
  message: JOURNAL_TEXTS.intact,
};
const month = (key: string, closing: boolean) => ({
  key,
  invoices: 1_320,
  credit_notes: -120,
  sales: 1_200,
  payments: 500,
  payment_reversals: 0,
  refunds: 0,
  receipts: 500,
  entries: 3,
  closing: closing ? { id: CLOSING_ID, seq: 7, recorded_at: `${key}-28T10:00:00.000Z`, hash: "cd".repeat(32) } : null,
});
const totals: JournalTotals = {
  period: "month",
  periods: [month(`${year - 1}-01`, true), month(`${year - 1}-02`, false), month(thisMonth, false)],
  grand_total: 3_600,
  receipts_total: 1_500,
};

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  saved.length = 0;
  vi.mocked(toast.success).mockClear();
  api = fakeApi().install();
  api.get("/api/journal/verify", journalVerificationSchema, () => intact);
  api.get("/api/journal/totals", journalTotalsSchema, () => totals);
  api.post("/api/journal/closings", journalPeriodTotalsSchema, ({ body }) =>
    month((body as { key: string }).key, true),
  );
  api.get("/api/journal/closings/:id/archive", z.string(), () => "PK");
  api.get("/api/accounting/fec", z.string(), () => "JournalCode");
});
afterEach(cleanup);

const renderPage = (permissions?: readonly PermissionCode[]) =>
  renderWithProviders(<JournalPage />, permissions ? { permissions } : {});

describe("JournalPage", () => {
  it("shows the check, then each month: sales, receipts, closed with its archive, to close, in progress", async () => {
    renderPage();
    expect(await screen.findByText(spaced(JOURNAL_TEXTS.intact))).toBeTruthy();
    expect(screen.getByText("42 écritures")).toBeTruthy();
    expect(screen.getByText(spaced("12\u202f345,67\u00a0€"))).toBeTruthy();
    const list = await screen.findByRole("list", { name: `${T.months} ${year}` });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText(JOURNAL_TEXTS.closed)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole("button", { name: T.close })).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(T.inProgress)).toBeTruthy();
    expect(api.requests("GET", "/api/journal/totals")[0]?.query.get("period")).toBe("month");

    fireEvent.click(within(rows[0] as HTMLElement).getByRole("button", { name: /Télécharger l’archive/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests("GET", "/api/journal/closings/:id/archive")[0]?.path).toBe(
      `/api/journal/closings/${CLOSING_ID}/archive`,
    );
  });

  it("closes a month that is over after a confirmation, and says so", async () => {
    renderPage();
    const list = await screen.findByRole("list", { name: `${T.months} ${year}` });
    fireEvent.click(
      within(within(list).getAllByRole("listitem")[1] as HTMLElement).getByRole("button", { name: T.close }),
    );
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(spaced(T.closeText))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: T.close }));
    await waitFor(() => expect(api.requests("POST", "/api/journal/closings")).toHaveLength(1));
    expect(api.requests("POST", "/api/journal/closings")[0]?.body).toEqual({ period: "month", key: `${year - 1}-02` });
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it("without invoices:issue, no « Clôturer »; the FEC of the year chosen is downloaded", async () => {
    renderPage(["invoices:view"]);
    const list = await screen.findByRole("list", { name: `${T.months} ${year}` });
    expect(within(list).queryByRole("button", { name: T.close })).toBeNull();
    fireEvent.change(screen.getByLabelText(`${T.year} du FEC`), { target: { value: String(year - 1) } });
    fireEvent.click(screen.getByRole("button", { name: T.fecDownload }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests("GET", "/api/accounting/fec")[0]?.query.get("year")).toBe(String(year - 1));
  });

  it("a broken journal names the entry; a failed load offers to try again", async () => {
    api.get("/api/journal/verify", journalVerificationSchema, () => ({
      ...intact,
      ok: false,
      first_broken: { seq: 3, reference: "FAC-2026-0003", reason: "hash" as const, message: JOURNAL_TEXTS.broken.hash },
      message: `Écriture n°\u00a03 (FAC-2026-0003)\u00a0: ${JOURNAL_TEXTS.broken.hash}`,
    }));
    api.get("/api/journal/totals", journalTotalsSchema, () => apiError(500, "Erreur"));
    renderPage();
    expect(
      await screen.findByText(spaced(`Écriture n°\u00a03 (FAC-2026-0003)\u00a0: ${JOURNAL_TEXTS.broken.hash}`)),
    ).toBeTruthy();
    expect(await screen.findByText(T.loadFailed)).toBeTruthy();
  });
});
