import { parisToday } from "@shared/dates";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { clientBalanceSchema, type Invoice, invoiceSchema } from "@shared/invoices";
import { documentMessagesSchema, messageDraftSchema } from "@shared/messages";
import type { PermissionCode } from "@shared/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { EVERY_PERMISSION, installBrowserStubs, TestPermissions, testQueryClient } from "@web/test/render";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { INVOICE_ID, makeInvoice } from "../test/list-fixtures";
import { InvoicePage } from "./invoice-page";

vi.mock("@web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
// A download is handed to the browser by saveFile: the test reads what it was given.
const saved = vi.hoisted(() => [] as { filename: string | null; text: string; fallback: string }[]);
vi.mock("@web/lib/save-file", () => ({
  saveFile: vi.fn((file: { blob: Blob; filename: string | null }, fallback: string) => {
    const entry = { filename: file.filename, text: "", fallback };
    saved.push(entry);
    void file.blob.text().then((text) => {
      entry.text = text;
    });
    return file.filename ?? fallback;
  }),
}));

let api: FakeApi;
const CREDIT_ID = "1f000009-0000-4000-8000-000000000009";
const PAYMENT_ID = "b1000001-0000-4000-8000-000000000001";

function serve(invoice: Invoice | null) {
  api.get("/api/invoices/:id", invoiceSchema, ({ params }) =>
    invoice && params.id === invoice.id ? invoice : apiError(404, "Facture non trouvée"),
  );
}

function InvoiceAt() {
  const { id } = useParams();
  return <InvoicePage key={id} invoiceId={id ?? ""} isMobile={false} />;
}

/** The page at /invoices/:id, under a router that shows where a button led. */
function renderPage({ permissions = EVERY_PERMISSION }: { permissions?: readonly PermissionCode[] } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <TestPermissions permissions={permissions}>
        <MemoryRouter initialEntries={[`/invoices/${INVOICE_ID}`]}>
          <Routes>
            <Route path="/invoices/:id" element={<InvoiceAt />} />
            <Route path="/invoices/:id/edit" element={<p>Formulaire de modification</p>} />
            <Route path="/invoices" element={<p>Liste des factures</p>} />
          </Routes>
        </MemoryRouter>
      </TestPermissions>
    </QueryClientProvider>,
  );
}

const button = (name: string | RegExp) => screen.queryByRole("button", { name });
/** The page's h1 once loaded (the skeleton's is « Facture »). */
async function heading() {
  await waitFor(() => expect(screen.queryByRole("status", { name: "Chargement de la facture" })).toBeNull());
  return screen.getByRole("heading", { level: 1 });
}

beforeEach(() => {
  saved.length = 0;
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("InvoicePage", () => {
  it("shows a sent invoice: badges, client, lines, totals, billing, notes; pay and cancel actions, no edit", async () => {
    serve(makeInvoice({ overdue: true, days_late: 3 }));
    renderPage();
    expect((await heading()).textContent).toBe("Rénovation salle de bain");
    expect(screen.getByText("Facture FAC-2026-0012")).toBeTruthy();
    expect(screen.getByText("Envoyée")).toBeTruthy();
    expect(screen.getByText("3 jours de retard")).toBeTruthy();
    expect(screen.getByText("69380 Lozanne")).toBeTruthy();

    const lines = screen.getByRole("table");
    expect(within(lines).getByText("Carrelage mural").closest("tr")?.textContent).toBe(
      "Carrelage mural20\u00a0m²40,00\u00a0€10\u00a0%800,00\u00a0€",
    );
    expect(within(lines).getByText("Salle de bain").closest("tr")?.textContent).toContain("1\u202f000,00\u00a0€");
    expect(screen.getByTestId("invoice-total-subtotal").textContent).toBe("1\u202f000,00\u00a0€");
    expect(screen.getByTestId("invoice-total-vat-10").textContent).toBe("100,00\u00a0€");
    expect(screen.getByTestId("invoice-total-ttc").textContent).toBe("1\u202f100,00\u00a0€");
    expect(screen.getByText("Total TTC")).toBeTruthy();
    expect(screen.getByText("Virement bancaire")).toBeTruthy();
    expect(screen.getByText("02/03/2026")).toBeTruthy();
    expect(screen.getByText("Portail bleu")).toBeTruthy();
    expect(screen.getByText("Paiement à 30 jours")).toBeTruthy();
    expect(screen.getByTestId("invoice-balance").textContent).toBe("1\u202f100,00\u00a0€");
    expect(screen.getByText("Aucun paiement enregistré.")).toBeTruthy();

    for (const name of ["Marquer comme payée", "Annuler la facture", "Télécharger le PDF"])
      expect(button(name)).toBeTruthy();
    expect(button("Enregistrer un paiement")).toBeTruthy();
    expect(button("Ajouter un paiement")).toBeTruthy();
    for (const name of ["Marquer comme envoyée", "Supprimer"]) expect(button(name)).toBeNull();
    expect(screen.queryByRole("link", { name: "Modifier" })).toBeNull();
  });

  it("issue 32: « Émise » until e-mailed; part-paid: « Partiellement payée » and what remains in the header", async () => {
    serve(makeInvoice({ emailed_at: null }));
    const first = renderPage();
    await heading();
    expect(screen.getByText("Émise")).toBeTruthy();
    expect(screen.queryByText("Envoyée")).toBeNull();
    expect(screen.queryByTestId("invoice-header-balance")).toBeNull();
    first.unmount();

    serve(makeInvoice({ paid_amount: 400, balance_due: 700 }));
    renderPage();
    await heading();
    expect(screen.getByText("Partiellement payée")).toBeTruthy();
    expect(screen.queryByText("Envoyée")).toBeNull();
    expect(screen.getByTestId("invoice-header-balance").textContent).toBe("Reste à payer 700,00\u00a0€");
  });

  it("a credit note's total reads « Montant de l’avoir TTC », never « Net à payer » (issue 32)", async () => {
    serve(
      makeInvoice({
        kind: "credit_note",
        reference: "AV-2026-0001",
        deposits_net: 300,
        deposits: [
          {
            id: "dep-1",
            reference: "FAC-2026-0003",
            date: "2026-02-02",
            vat: [{ rate: 10, net: 300, tax: 30 }],
            total: 330,
          },
        ],
        credited_invoice: { id: INVOICE_ID, reference: "FAC-2026-0012", name: "Rénovation salle de bain" },
      }),
    );
    renderPage();
    await heading();
    expect(screen.getByText("Montant de l’avoir TTC")).toBeTruthy();
    expect(screen.queryByText(/Net à payer/)).toBeNull();
  });

  it("a draft: « Modifier », « Marquer comme envoyée » (confirmed: the definitive number), « Supprimer »; only the PDF without the rights", async () => {
    const draft = makeInvoice({ status: "draft", reference: "PROV-0004", issued_at: null });
    serve(draft);
    api.post("/api/invoices/:id/issue", invoiceSchema, () => ({
      ...draft,
      status: "sent" as const,
      reference: "FAC-2026-0013",
      issued_at: "2026-03-12T10:00:00.000Z",
      emailed_at: null,
    }));
    const { unmount } = renderPage();
    await heading();
    expect(screen.getByRole("link", { name: "Modifier" }).getAttribute("href")).toBe(`/invoices/${INVOICE_ID}/edit`);
    expect(button("Supprimer")).toBeTruthy();
    expect(button(/Marquer comme payée|Annuler la facture|Enregistrer un paiement/)).toBeNull();
    expect(screen.queryByRole("region", { name: "Paiements" })).toBeNull();

    fireEvent.click(button("Marquer comme envoyée") as HTMLElement);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("numéro définitif");
    expect(dialog.textContent).toContain("ne pourra plus être modifiée ni supprimée");
    fireEvent.click(within(dialog).getByRole("button", { name: "Marquer comme envoyée" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/issue")).toHaveLength(1));
    await waitFor(() =>
      // Issue 32: issued, not yet sent by e-mail: « Émise ».
      expect(toast.success).toHaveBeenCalledWith("Statut mis à jour", { description: "FAC-2026-0013\u00a0: Émise" }),
    );
    unmount();

    renderPage({ permissions: ["invoices:view"] });
    await heading();
    expect(button("Télécharger le PDF")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Modifier" })).toBeNull();
    expect(button(/Supprimer|Marquer comme envoyée/)).toBeNull();
  });

  it("« Enregistrer un paiement »: the balance by default, refused above it, then posts date, amount, method and reference", async () => {
    const invoice = makeInvoice({ paid_amount: 100, balance_due: 1000 });
    serve(invoice);
    api.post("/api/invoices/:id/payments", invoiceSchema, () => ({ ...invoice, paid_amount: 400, balance_due: 700 }));
    renderPage();
    await heading();
    fireEvent.click(button("Enregistrer un paiement") as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    const amount = within(dialog).getByLabelText("Montant (€) *") as HTMLInputElement;
    expect(amount.value).toBe("1000.00");
    expect((within(dialog).getByLabelText("Date du paiement *") as HTMLInputElement).value).toBe(parisToday());

    fireEvent.change(amount, { target: { value: "1200" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer le paiement" }));
    expect(await within(dialog).findByText("Le montant dépasse le reste à payer de la facture")).toBeTruthy();
    expect(api.requests("POST", "/api/invoices/:id/payments")).toHaveLength(0);

    fireEvent.change(amount, { target: { value: "300" } });
    fireEvent.change(within(dialog).getByLabelText("Moyen de paiement"), { target: { value: "check" } });
    fireEvent.change(within(dialog).getByLabelText("Référence"), { target: { value: " CHQ 1234 " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer le paiement" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/payments")).toHaveLength(1));
    expect(api.requests("POST", "/api/invoices/:id/payments")[0]?.body).toEqual({
      date: parisToday(),
      amount: 300,
      method: "check",
      reference: "CHQ 1234",
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Paiement enregistré", expect.anything()));
  });

  it("« Avoir » pays with a credit note of the client, within its credit (issue 32)", async () => {
    const CREDIT_NOTE = "c2000002-0000-4000-8000-000000000002";
    serve(makeInvoice());
    api.get("/api/invoices/balance/:clientId", clientBalanceSchema, ({ params }) => ({
      client_id: params.clientId ?? "",
      invoices_due: 1100,
      credit_available: 120,
      balance_due: 980,
      credits: [{ id: CREDIT_NOTE, reference: "AV-2026-0002", date: "2026-03-01", available: 120 }],
    }));
    api.post("/api/invoices/:id/payments", invoiceSchema, () => makeInvoice({ paid_amount: 100, balance_due: 1000 }));
    renderPage();
    await heading();
    fireEvent.click(button("Enregistrer un paiement") as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    const method = within(dialog).getByLabelText("Moyen de paiement") as HTMLSelectElement;
    await waitFor(() => expect(within(method).getByRole("option", { name: "Avoir" })).toBeTruthy());
    fireEvent.change(method, { target: { value: "credit_note" } });
    const credit = (await within(dialog).findByLabelText("Avoir utilisé *")) as HTMLSelectElement;
    expect(within(credit).getByRole("option", { name: "AV-2026-0002 · 120,00\u00a0€ disponibles" })).toBeTruthy();
    fireEvent.change(credit, { target: { value: CREDIT_NOTE } });
    const amount = within(dialog).getByLabelText("Montant (€) *") as HTMLInputElement;
    fireEvent.change(amount, { target: { value: "150" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer le paiement" }));
    expect(await within(dialog).findByText("Le montant dépasse l’avoir disponible")).toBeTruthy();
    expect(api.requests("POST", "/api/invoices/:id/payments")).toHaveLength(0);
    fireEvent.change(amount, { target: { value: "100" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer le paiement" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/payments")).toHaveLength(1));
    expect(api.requests("POST", "/api/invoices/:id/payments")[0]?.body).toEqual({
      date: parisToday(),
      amount: 100,
      method: "credit_note",
      reference: null,
      credit_note_id: CREDIT_NOTE,
    });
  });

  it("cancelling an invoice that received payments says so and asks what to do with the money (issue 32)", async () => {
    const credit = makeInvoice({ id: CREDIT_ID, kind: "credit_note", reference: "AV-2026-0001" });
    api.post("/api/invoices/:id/cancel", invoiceSchema, () => credit);
    serve(makeInvoice({ paid_amount: 400, balance_due: 700 }));
    const first = renderPage();
    await heading();
    fireEvent.click(button("Annuler la facture") as HTMLElement);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Cette facture a déjà reçu 400,00\u00a0€ de paiements.");
    expect(dialog.textContent).toContain("Que faire de cet argent\u00a0?");
    const confirm = () => within(dialog).getByRole("button", { name: "Annuler la facture" }) as HTMLButtonElement;
    // Nothing chosen yet: the question waits for its answer.
    expect(confirm().disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole("radio", { name: /Rembourser le client/ }));
    const amount = within(dialog).getByLabelText("Montant remboursé (€) *") as HTMLInputElement;
    expect(amount.value).toBe("400.00");
    expect((within(dialog).getByLabelText("Date du remboursement *") as HTMLInputElement).value).toBe(parisToday());
    fireEvent.change(amount, { target: { value: "450" } });
    expect(within(dialog).getByText("Le remboursement dépasse ce que le client a payé sur cette facture")).toBeTruthy();
    expect(confirm().disabled).toBe(true);
    fireEvent.change(amount, { target: { value: "300" } });
    expect(dialog.textContent).toContain("Le reste, 100,00\u00a0€, reste en avoir sur le compte du client.");
    fireEvent.change(within(dialog).getByLabelText("Moyen de remboursement"), { target: { value: "check" } });
    fireEvent.click(confirm());
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/cancel")).toHaveLength(1));
    expect(api.requests("POST", "/api/invoices/:id/cancel")[0]?.body).toEqual({
      payments: "refund",
      refund: { date: parisToday(), amount: 300, method: "check", reference: null },
    });
    first.unmount();

    // « Garder en avoir »: the money stays as credit on the client's account.
    serve(makeInvoice({ paid_amount: 400, balance_due: 700 }));
    const second = renderPage();
    await heading();
    fireEvent.click(button("Annuler la facture") as HTMLElement);
    const again = await screen.findByRole("alertdialog");
    fireEvent.click(within(again).getByRole("radio", { name: /Garder en avoir sur le compte du client/ }));
    expect(again.textContent).toContain("400,00\u00a0€ restent disponibles pour ce client");
    fireEvent.click(within(again).getByRole("button", { name: "Annuler la facture" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/cancel")).toHaveLength(2));
    expect(api.requests("POST", "/api/invoices/:id/cancel")[1]?.body).toEqual({ payments: "credit" });
    second.unmount();

    // Without invoices:pay, the money cannot be refunded here: only the credit is offered.
    serve(makeInvoice({ paid_amount: 400, balance_due: 700 }));
    const third = renderPage({ permissions: EVERY_PERMISSION.filter((code) => code !== "invoices:pay") });
    await heading();
    fireEvent.click(button("Annuler la facture") as HTMLElement);
    const limited = await screen.findByRole("alertdialog");
    expect((within(limited).getByRole("radio", { name: /Rembourser le client/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    third.unmount();

    // Nothing paid: no question, and no body (as before issue 32).
    serve(makeInvoice());
    renderPage();
    await heading();
    fireEvent.click(button("Annuler la facture") as HTMLElement);
    const plain = await screen.findByRole("alertdialog");
    expect(plain.textContent).not.toContain("déjà reçu");
    fireEvent.click(within(plain).getByRole("button", { name: "Annuler la facture" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/cancel")).toHaveLength(3));
    expect(api.requests("POST", "/api/invoices/:id/cancel")[2]?.body).toBeUndefined();
  });

  it("a paid invoice can be cancelled too (ADR 0030)", async () => {
    serve(makeInvoice({ status: "paid", paid_amount: 1100, balance_due: 0 }));
    renderPage();
    await heading();
    expect(button("Annuler la facture")).toBeTruthy();
  });

  it("a credit note shows its money: paid on the invoice, refunded, used, « Net à rembourser »; a refund is recorded (issue 32)", async () => {
    const USED_ON = "c1000002-0000-4000-8000-000000000002";
    const creditNote = makeInvoice({
      id: INVOICE_ID,
      kind: "credit_note",
      reference: "AV-2026-0003",
      credited_invoice: { id: CREDIT_ID, reference: "FAC-2026-0012", name: "Rénovation salle de bain" },
      credit: {
        paid: 1200,
        refunded: 200,
        used: 300,
        available: 700,
        refunds: [
          {
            id: "r1",
            date: "2026-03-10",
            amount: 200,
            method: "bank_transfer",
            reference: "VIR 12",
            created_by_name: null,
            created_at: "2026-03-10T10:00:00.000Z",
          },
        ],
        uses: [{ payment_id: "p1", invoice_id: USED_ON, reference: "FAC-2026-0020", date: "2026-03-12", amount: 300 }],
      },
    });
    serve(creditNote);
    api.post("/api/invoices/:id/refunds", invoiceSchema, () => ({
      ...creditNote,
      credit: creditNote.credit ? { ...creditNote.credit, refunded: 900, available: 0 } : null,
    }));
    renderPage();
    await heading();
    const money = screen.getByTestId("credit-money");
    expect(money.textContent).toContain("Réglé sur la facture FAC-2026-0012");
    expect(money.textContent).toContain("Remboursé le 10/03/2026 · Virement bancaire · VIR 12");
    expect(within(money).getByRole("link", { name: "FAC-2026-0020" }).getAttribute("href")).toBe(
      `/invoices/${USED_ON}`,
    );
    expect(screen.getByTestId("credit-net-to-refund").textContent).toBe("700,00\u00a0€");
    expect(screen.getByText(/Gardé en avoir sur le compte du client/)).toBeTruthy();

    fireEvent.click(button("Enregistrer un remboursement") as HTMLElement);
    const dialog = await screen.findByRole("alertdialog");
    const amount = within(dialog).getByLabelText("Montant remboursé (€) *") as HTMLInputElement;
    expect(amount.value).toBe("700.00");
    fireEvent.change(amount, { target: { value: "800" } });
    expect(within(dialog).getByText("Le remboursement dépasse l’avoir disponible")).toBeTruthy();
    fireEvent.change(amount, { target: { value: "700" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer un remboursement" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/refunds")).toHaveLength(1));
    expect(api.requests("POST", "/api/invoices/:id/refunds")[0]?.body).toEqual({
      date: parisToday(),
      amount: 700,
      method: "bank_transfer",
      reference: null,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Remboursement enregistré", expect.anything()));
  });

  it("« Annuler la facture » explains the credit note, then opens it; the credit note links back to the invoice", async () => {
    const invoice = makeInvoice();
    const credit = makeInvoice({
      id: CREDIT_ID,
      kind: "credit_note",
      reference: "AV-2026-0001",
      name: "Avoir — Rénovation salle de bain",
      credited_invoice: { id: INVOICE_ID, reference: "FAC-2026-0012", name: "Rénovation salle de bain" },
    });
    api.get("/api/invoices/:id", invoiceSchema, ({ params }) => (params.id === CREDIT_ID ? credit : invoice));
    api.post("/api/invoices/:id/cancel", invoiceSchema, () => credit);
    renderPage();
    await heading();
    fireEvent.click(button("Annuler la facture") as HTMLElement);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("un avoir (AV-année-numéro) du même montant");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler la facture" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/cancel")).toHaveLength(1));
    await waitFor(() => expect(screen.getByText("Avoir AV-2026-0001")).toBeTruthy());
    expect(toast.success).toHaveBeenCalledWith("Statut mis à jour", { description: "Avoir AV-2026-0001 créé" });
    // A credit note: no status of its own, no payment, no cancel; the invoice it cancels is linked.
    expect(screen.queryByText("Envoyée")).toBeNull();
    expect(button(/Annuler la facture|Marquer comme payée|Enregistrer un paiement/)).toBeNull();
    const links = screen.getAllByRole("link", { name: "FAC-2026-0012" });
    expect(links[0]?.getAttribute("href")).toBe(`/invoices/${INVOICE_ID}`);
  });

  it("a final invoice deducts its deposits: « Net à payer TTC »; a paid one offers nothing destructive but its cancellation (ADR 0030) and « Annuler le règlement » with a reason (issue 34)", async () => {
    const paid = makeInvoice({
      status: "paid",
      paid_amount: 770,
      balance_due: 0,
      payment_date: "2026-03-20",
      subtotal: 1000,
      deposits_net: 300,
      deposits_tax: 30,
      vat_breakdown: [{ rate: 10, net: 700, tax: 70 }],
      tax_amount: 70,
      total: 770,
      deposits: [
        {
          id: "1f000007-0000-4000-8000-000000000007",
          reference: "FAC-2026-0005",
          date: "2026-02-01",
          vat: [{ rate: 10, net: 300, tax: 30 }],
          total: 330,
        },
      ],
      payments: [
        {
          id: PAYMENT_ID,
          date: "2026-03-20",
          amount: 770,
          method: "check",
          reference: "CHQ 99",
          credit_note: null,
          created_by_name: "Paul Durand",
          created_at: "2026-03-20T10:00:00.000Z",
          cancellation: null,
        },
      ],
    });
    serve(paid);
    // The payment is kept, cancelled with its reason; the answer is served from then on.
    const cancelled = {
      ...paid,
      status: "sent" as const,
      paid_amount: 0,
      balance_due: 770,
      payment_date: null,
      payments: paid.payments.map((p) => ({
        ...p,
        cancellation: { at: "2026-03-21T09:00:00.000Z", by_name: "Paul Durand", reason: "Chèque impayé" },
      })),
    };
    api.post(
      "/api/invoices/:id/payments/:paymentId/cancel",
      invoiceSchema,
      () => {
        serve(cancelled);
        return cancelled;
      },
      200,
    );
    renderPage();
    await heading();
    expect(screen.getByText("Net à payer TTC")).toBeTruthy();
    expect(screen.getByTestId("invoice-total-deposits").textContent).toBe("−\u00a0300,00\u00a0€");
    expect(screen.getByTestId("invoice-total-ttc").textContent).toBe("770,00\u00a0€");
    expect(screen.getByRole("link", { name: "FAC-2026-0005" }).getAttribute("href")).toBe(
      "/invoices/1f000007-0000-4000-8000-000000000007",
    );
    expect(button(/Supprimer$|Marquer comme payée/)).toBeNull();
    // A paid invoice is still cancelled by a credit note, its money refunded or kept (ADR 0030).
    expect(button("Annuler la facture")).toBeTruthy();
    expect(screen.getByTestId("invoice-balance").textContent).toBe("0,00\u00a0€");

    fireEvent.click(button("Annuler le règlement du 20/03/2026 (770,00\u00a0€)") as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Annuler le règlement\u00a0?" });
    fireEvent.change(within(dialog).getByLabelText(/Motif/), { target: { value: "  Chèque impayé " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler le règlement" }));
    await waitFor(() => expect(api.requests("POST", "/api/invoices/:id/payments/:paymentId/cancel")).toHaveLength(1));
    const request = api.requests("POST", "/api/invoices/:id/payments/:paymentId/cancel")[0];
    expect(request?.path).toBe(`/api/invoices/${INVOICE_ID}/payments/${PAYMENT_ID}/cancel`);
    expect(request?.body).toEqual({ reason: "Chèque impayé" });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Règlement annulé", { description: "770,00\u00a0€ · FAC-2026-0012" }),
    );
    // The invoice's figures follow; the payment stays, struck through, with its reason, and no action.
    await waitFor(() => expect(screen.getByTestId("invoice-balance").textContent).toBe("770,00\u00a0€"));
    expect(screen.getByTestId("invoice-paid-amount").textContent).toBe("0,00\u00a0€");
    const row = within(screen.getByRole("list", { name: "Paiements" })).getByRole("listitem");
    expect(row.getAttribute("data-cancelled")).toBe("true");
    expect(row.textContent).toContain("Annulé le 21/03/2026 — Chèque impayé");
    expect(button(/Annuler le règlement du/)).toBeNull();
    expect(api.requests("DELETE")).toHaveLength(0);
  });

  it("an issued document: « Factur-X conforme EN 16931 » and « Télécharger le XML », which saves GET …/xml", async () => {
    serve(makeInvoice());
    api.get("/api/invoices/:id/xml", z.string(), () => "<rsm:CrossIndustryInvoice/>");
    renderPage({ permissions: ["invoices:view"] });
    await heading();
    const badge = screen.getByTestId("invoice-facturx");
    expect(badge.textContent).toBe(EINVOICE_TEXTS.facturxBadge);
    expect(badge.getAttribute("title")).toBe(EINVOICE_TEXTS.facturxBadgeHint);
    // Next to the PDF, in the same row of actions.
    const pdfButton = button("Télécharger le PDF") as HTMLElement;
    const xmlButton = button(EINVOICE_TEXTS.downloadXml) as HTMLElement;
    expect(pdfButton.parentElement).toBe(xmlButton.parentElement);
    fireEvent.click(xmlButton);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(EINVOICE_TEXTS.xmlDone));
    expect(api.requests("GET", "/api/invoices/:id/xml").map((r) => r.path)).toEqual([
      `/api/invoices/${INVOICE_ID}/xml`,
    ]);
    expect(saved.map((f) => f.fallback)).toEqual(["FAC-2026-0012.xml"]);
  });

  it("a draft has neither the badge nor the XML; a refused XML is toasted with the server's reason", async () => {
    serve(makeInvoice({ status: "draft", reference: "PROV-0004", issued_at: null }));
    const { unmount } = renderPage();
    await heading();
    expect(screen.queryByTestId("invoice-facturx")).toBeNull();
    expect(button(EINVOICE_TEXTS.downloadXml)).toBeNull();
    expect(button("Télécharger le PDF")).toBeTruthy();
    unmount();

    serve(makeInvoice());
    api.get("/api/invoices/:id/xml", z.string(), () => apiError(409, "Un brouillon n’a pas de Factur-X"));
    renderPage();
    await heading();
    fireEvent.click(button(EINVOICE_TEXTS.downloadXml) as HTMLElement);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(EINVOICE_TEXTS.xmlFailed, {
        description: "Un brouillon n’a pas de Factur-X",
      }),
    );
    expect(saved).toHaveLength(0);
  });

  it("an issued invoice is mailed to its client, a late one reminded; its « Messages » card lists them (issue 18)", async () => {
    serve(makeInvoice({ overdue: true, days_late: 3 }));
    api.get("/api/invoices/:id/messages", documentMessagesSchema, () => ({
      data: [
        {
          id: "4b000001-0000-4000-8000-000000000001",
          kind: "invoice_send" as const,
          status: "sent" as const,
          to: ["martine@exemple.fr"],
          cc: [],
          subject: "Facture FAC-2026-0012",
          transport: "outbox" as const,
          document: { type: "invoice" as const, id: INVOICE_ID, reference: "FAC-2026-0012" },
          attachment_name: "FAC-2026-0012.pdf",
          attempts: 1,
          error: null,
          created_at: "2026-03-12T09:00:00.000Z",
          sent_at: "2026-03-12T09:00:00.000Z",
          created_by_name: "Paul",
        },
      ],
    }));
    api.get("/api/invoices/:id/send-draft", messageDraftSchema, ({ query }) => ({
      to: ["martine@exemple.fr"],
      cc: [],
      subject: query.get("kind") === "remind" ? "Relance FAC-2026-0012" : "Facture FAC-2026-0012",
      body: "Bonjour,",
      attachment_name: "FAC-2026-0012.pdf",
    }));
    const { unmount } = renderPage();
    await heading();
    const messages = await screen.findByRole("list", { name: "Messages envoyés" });
    expect(messages.textContent).toContain("Facture FAC-2026-0012");
    expect(button("Envoyer au client")).toBeTruthy();
    fireEvent.click(button("Relancer") as HTMLElement);
    await waitFor(
      () => expect((screen.getByLabelText("Objet *") as HTMLInputElement).value).toBe("Relance FAC-2026-0012"),
      { timeout: 5000 },
    );
    unmount();

    // A draft is not mailed; nor without invoices:edit.
    serve(makeInvoice({ status: "draft", reference: "PROV-0004", issued_at: null }));
    const draft = renderPage();
    await heading();
    expect(button("Envoyer au client")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Messages" })).toBeNull();
    draft.unmount();
    serve(makeInvoice({ overdue: true }));
    renderPage({ permissions: ["invoices:view"] });
    await heading();
    expect(button(/Envoyer au client|Relancer/)).toBeNull();
  });

  it("says « Facture non trouvée » for an unknown id", async () => {
    serve(null);
    renderPage();
    expect((await heading()).textContent).toBe("Facture non trouvée");
    expect(screen.getAllByRole("link", { name: "Retour aux factures" })[0]?.getAttribute("href")).toBe("/invoices");
  });
});
