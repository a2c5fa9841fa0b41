import {
  DEFAULT_TEMPLATES,
  documentMessagesSchema,
  MESSAGE_TEXTS,
  type MessageSummary,
  messageDraftSchema,
  messageSummarySchema,
} from "@shared/messages";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentMessages } from "./document-messages";
import type { SendTarget } from "./send-message-api";
import { SendMessageDialog } from "./send-message-dialog";

const QUOTE_ID = "4a000001-0000-4000-8000-000000000001";
const INVOICE_ID = "4a000002-0000-4000-8000-000000000002";
const target: SendTarget = { type: "quote", id: QUOTE_ID, kind: "send", label: "Devis DEV-2026-0012 · Famille Martin" };

/** A text as Testing Library reads it (no-break spaces are spaces). */
const seen = (text: string) => text.replace(/\s+/g, " ");

const summary = (overrides: Partial<MessageSummary> = {}): MessageSummary => ({
  id: "4b000001-0000-4000-8000-000000000001",
  kind: "quote_send",
  status: "sent",
  to: ["martin@exemple.fr"],
  cc: [],
  subject: "Devis DEV-2026-0012 — Bâtir SARL",
  transport: "smtp",
  document: { type: "quote", id: QUOTE_ID, reference: "DEV-2026-0012" },
  attachment_name: "DEV-2026-0012.pdf",
  attempts: 1,
  error: null,
  created_at: "2026-11-20T09:30:00.000Z",
  sent_at: "2026-11-20T09:30:00.000Z",
  created_by_name: "Paul Martin",
  ...overrides,
});

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.get("/api/quotes/:id/send-draft", messageDraftSchema, ({ query }) => ({
    to: ["martin@exemple.fr"],
    cc: [],
    subject: query.get("kind") === "remind" ? "Relance\u00a0: devis DEV-2026-0012" : "Devis DEV-2026-0012 — Bâtir SARL",
    body: "Bonjour Famille Martin,\n\nSignez en ligne\u00a0: (lien créé à l’envoi)",
    attachment_name: "DEV-2026-0012.pdf",
  }));
  api.post("/api/quotes/:id/send", messageSummarySchema, ({ body }) => summary(body as Partial<MessageSummary>));
  api.post("/api/quotes/:id/remind", messageSummarySchema, () => summary({ kind: "quote_reminder" }));
});
afterEach(() => {
  cleanup();
  vi.mocked(toast.success).mockClear();
});

function open(t: SendTarget = target) {
  const onClose = vi.fn();
  renderWithProviders(<SendMessageDialog target={t} isMobile={false} onClose={onClose} />);
  return { onClose, dialog: () => screen.getByRole("dialog") };
}

describe("SendMessageDialog", () => {
  it("starts from the draft: the client's address as a chip, subject, message, the attachment", async () => {
    open();
    expect(await screen.findByText("martin@exemple.fr")).toBeTruthy();
    expect(screen.getByRole("heading", { name: MESSAGE_TEXTS.sendToClient })).toBeTruthy();
    expect(screen.getByText(target.label)).toBeTruthy();
    expect((screen.getByLabelText("Objet *") as HTMLInputElement).value).toBe("Devis DEV-2026-0012 — Bâtir SARL");
    expect((screen.getByLabelText("Message *") as HTMLInputElement).value).toBe(
      "Bonjour Famille Martin,\n\nSignez en ligne\u00a0: (lien créé à l’envoi)",
    );
    expect(screen.getByText("DEV-2026-0012.pdf")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Annuler" })).toBeTruthy();
  });

  it("sends what the person wrote, a copy added, then closes with a toast", async () => {
    const { onClose } = open();
    await screen.findByText("martin@exemple.fr");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter une copie" }));
    const cc = screen.getByLabelText("Copie");
    fireEvent.change(cc, { target: { value: "Bureau@Exemple.fr" } });
    fireEvent.keyDown(cc, { key: "Enter" });
    expect(screen.getByText("bureau@exemple.fr")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Objet *"), { target: { value: "Votre devis" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests("POST", `/api/quotes/${QUOTE_ID}/send`).at(-1)?.body).toEqual({
      to: ["martin@exemple.fr"],
      cc: ["bureau@exemple.fr"],
      subject: "Votre devis",
      body: "Bonjour Famille Martin,\n\nSignez en ligne\u00a0: (lien créé à l’envoi)",
    });
    expect(toast.success).toHaveBeenCalledWith(MESSAGE_TEXTS.sent, expect.anything());
  });

  it("without a mail server, says the message waits in « Messages », never « envoyé » (issue 32)", async () => {
    api.post("/api/quotes/:id/send", messageSummarySchema, () => summary({ transport: "outbox" }));
    const { onClose } = open();
    await screen.findByText("martin@exemple.fr");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith(MESSAGE_TEXTS.keptInOutbox, {
      description: MESSAGE_TEXTS.keptInOutboxDetail(target.label, "martin@exemple.fr"),
    });
    expect(toast.success).not.toHaveBeenCalledWith(MESSAGE_TEXTS.sent, expect.anything());
    expect(MESSAGE_TEXTS.keptInOutboxDetail(target.label, "x@y.fr")).toContain("attend dans «\u00a0Messages\u00a0»");
  });

  it("refuses to send without a recipient or with a wrong address, saying why", async () => {
    open();
    await screen.findByText("martin@exemple.fr");
    fireEvent.click(screen.getByRole("button", { name: "Retirer martin@exemple.fr (destinataire)" }));
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText(MESSAGE_TEXTS.recipientRequired)).toBeTruthy();

    const to = screen.getByLabelText("Destinataires *");
    fireEvent.change(to, { target: { value: "pas-une-adresse" } });
    fireEvent.blur(to);
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText(MESSAGE_TEXTS.recipientInvalid)).toBeTruthy();
    expect(api.requests("POST", `/api/quotes/${QUOTE_ID}/send`)).toHaveLength(0);
  });

  it("shows the server's field error where it belongs", async () => {
    api.post("/api/quotes/:id/send", messageSummarySchema, () =>
      apiError(400, "Données invalides", { details: [{ path: "subject", message: MESSAGE_TEXTS.subjectInvalid }] }),
    );
    const { onClose } = open();
    await screen.findByText("martin@exemple.fr");
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText(MESSAGE_TEXTS.subjectInvalid)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("reminds with the reminder's draft, posted to …/remind", async () => {
    const { onClose } = open({ ...target, kind: "remind" });
    expect(await screen.findByRole("heading", { name: MESSAGE_TEXTS.remind })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText("Objet *") as HTMLInputElement).value).toBe("Relance\u00a0: devis DEV-2026-0012"),
    );
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests("POST", `/api/quotes/${QUOTE_ID}/remind`)).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith(MESSAGE_TEXTS.reminded, expect.anything());
  });

  it("says when the draft cannot be made (a draft invoice: 409) and offers to retry", async () => {
    api.get("/api/invoices/:id/send-draft", messageDraftSchema, () => apiError(409, MESSAGE_TEXTS.invoiceDraft));
    open({ type: "invoice", id: INVOICE_ID, kind: "send", label: "Facture PROV-1" });
    expect(await screen.findByText(seen(MESSAGE_TEXTS.invoiceDraft))).toBeTruthy();
    expect(screen.getByRole("button", { name: /Réessayer/ })).toBeTruthy();
  });
});

describe("DocumentMessages", () => {
  it("lists a document's messages: date, kind, status, subject, recipients", async () => {
    api.get("/api/invoices/:id/messages", documentMessagesSchema, () => ({
      data: [
        summary({ kind: "invoice_reminder", status: "failed", error: "Boîte pleine", cc: ["compta@exemple.fr"] }),
        summary({ id: "4b000002-0000-4000-8000-000000000002", status: "pending" }),
      ],
    }));
    renderWithProviders(<DocumentMessages type="invoice" id={INVOICE_ID} />);
    const list = await screen.findByRole("list", { name: "Messages envoyés" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toMatch(/20 nov\. 2026 à \d{1,2}\sh\s30 · Relance de facture/);
    expect(rows[0]?.textContent).toContain("Échec");
    expect(rows[0]?.textContent).toContain("martin@exemple.fr, compta@exemple.fr (copie)");
    expect(rows[0]?.textContent).toContain("Boîte pleine");
    expect(rows[1]?.textContent).toContain("En attente");
  });

  it("says when there is none", async () => {
    api.get("/api/quotes/:id/messages", documentMessagesSchema, () => ({ data: [] }));
    renderWithProviders(<DocumentMessages type="quote" id={QUOTE_ID} />);
    expect(await screen.findByText(`${MESSAGE_TEXTS.noMessages}.`)).toBeTruthy();
  });
});

// The default template the server fills holds the link's placeholder (docs/domain/messages.md#templates).
it("the default quote template names the signing link", () => {
  expect(DEFAULT_TEMPLATES.quote_send.body).toContain("{lien_signature}");
});
