import { messageDraftSchema, type Reminders, remindersSchema } from "@shared/messages";
import type { PermissionCode } from "@shared/permissions";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REMINDER_TEXTS } from "../lib/reminder-format";
import { RemindersPage } from "./reminders-page";

const QUOTE_ID = "5a000001-0000-4000-8000-000000000001";
const INVOICE_ID = "5a000002-0000-4000-8000-000000000002";

const answer: Reminders = {
  after_days: 7,
  quotes: [
    {
      id: QUOTE_ID,
      reference: "DEV-2026-0012",
      name: "Rénovation salle de bain",
      client_name: "Famille Martin",
      total: 4250,
      sent_at: "2026-11-10T09:00:00.000Z",
      days: 17,
      last_reminded_at: "2026-11-18T09:00:00.000Z",
    },
  ],
  invoices: [
    {
      id: INVOICE_ID,
      reference: "FAC-2026-0007",
      client_name: "SARL Bâtir",
      remaining: 1200,
      due_date: "2026-11-01",
      days_late: 26,
      last_reminded_at: null,
    },
  ],
};

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.get("/api/reminders", remindersSchema, () => answer);
  api.get("/api/invoices/:id/send-draft", messageDraftSchema, () => ({
    to: ["contact@batir.fr"],
    cc: [],
    subject: "Relance\u00a0: facture FAC-2026-0007",
    body: "Bonjour,",
    attachment_name: "FAC-2026-0007.pdf",
  }));
});
afterEach(cleanup);

const renderPage = (permissions?: readonly PermissionCode[]) =>
  renderWithProviders(<RemindersPage isMobile={false} />, permissions ? { permissions } : {});

describe("RemindersPage", () => {
  it("lists the quotes without answer and the late invoices, with the company's delay", async () => {
    renderPage();
    const quotes = await screen.findByRole("list", { name: REMINDER_TEXTS.quotes });
    expect(within(quotes).getByText("DEV-2026-0012")).toBeTruthy();
    expect(quotes.textContent).toContain("Rénovation salle de bain · Famille Martin");
    expect(quotes.textContent).toContain("Envoyé il y a 17\u00a0jours");
    expect(quotes.textContent).toContain("Relancé le 18/11/2026");
    const invoices = screen.getByRole("list", { name: REMINDER_TEXTS.invoices });
    expect(invoices.textContent).toContain("En retard de 26\u00a0jours");
    expect(invoices.textContent).toContain("échue le 01/11/2026");
    expect(screen.getByText(/depuis 7 jours ou plus/)).toBeTruthy();
    expect(
      within(invoices)
        .getByRole("link", { name: /FAC-2026-0007/ })
        .getAttribute("href"),
    ).toBe(`/invoices/${INVOICE_ID}`);
  });

  it("opens the reminder's dialog from « Relancer »", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Relancer Facture FAC-2026-0007 · SARL Bâtir" }));
    expect(await screen.findByRole("heading", { name: "Relancer" })).toBeTruthy();
    expect(await screen.findByText("contact@batir.fr")).toBeTruthy();
    expect(api.requests("GET", `/api/invoices/${INVOICE_ID}/send-draft`).at(-1)?.query.get("kind")).toBe("remind");
  });

  it("shows each list with its permission only, « Relancer » with the right to send", async () => {
    renderPage(["invoices:view"]);
    expect(await screen.findByRole("list", { name: REMINDER_TEXTS.invoices })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: REMINDER_TEXTS.quotes })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Relancer/ })).toBeNull();
  });

  it("says when there is nothing to remind", async () => {
    api.get("/api/reminders", remindersSchema, () => ({ after_days: 7, quotes: [], invoices: [] }));
    renderPage();
    expect(await screen.findByText(REMINDER_TEXTS.noQuotes)).toBeTruthy();
    expect(screen.getByText(REMINDER_TEXTS.noInvoices)).toBeTruthy();
  });

  it("shows the load error with « Réessayer »", async () => {
    api.get("/api/reminders", remindersSchema, () => apiError(500, "Erreur interne"));
    renderPage();
    expect(await screen.findByText(REMINDER_TEXTS.loadFailed)).toBeTruthy();
    expect(screen.getByRole("button", { name: /Réessayer/ })).toBeTruthy();
  });
});
