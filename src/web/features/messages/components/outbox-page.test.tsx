import { MESSAGE_TEXTS } from "@shared/message-rules";
import {
  type MessageSummary,
  messageDetailSchema,
  outboxResponseSchema,
  outboxTransportSchema,
} from "@shared/messages";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeMessage,
  makeMessageDetail,
  renderWithProviders,
} from "../test/render";
import { OutboxPage } from "./outbox-page";

let api: FakeApi;

const quoteSent = makeMessage();
const reminderFailed = makeMessage({
  kind: "invoice_reminder",
  status: "failed",
  transport: "smtp",
  to: ["compta@exemple.fr", "direction@exemple.fr"],
  cc: ["associe@exemple.fr"],
  subject: "Relance : facture FAC-2026-0007",
  document: { type: "invoice", id: crypto.randomUUID(), reference: "FAC-2026-0007" },
  attachment_name: null,
  attempts: 5,
  error: "Refusé par le serveur d’envoi\u00a0: 550 Boîte inconnue",
  sent_at: null,
});

/** The outbox over an in-memory list, searched and filtered as the server does. */
function serve(messages: MessageSummary[], transport: "outbox" | "smtp" | { body: string } = "outbox") {
  const body = typeof transport === "object" ? transport.body : undefined;
  api.get("/api/outbox", outboxResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const status = query.get("status");
    const found = messages.filter(
      (m) => (!status || m.status === status) && [m.subject, ...m.to, ...m.cc].join(" ").toLowerCase().includes(search),
    );
    return { data: found, meta: { total: found.length, page: 1, limit: 50 } };
  });
  api.get("/api/outbox/:id", messageDetailSchema, ({ params }) => {
    const message = messages.find((m) => m.id === params.id);
    return message ? makeMessageDetail(message, body) : apiError(404, MESSAGE_TEXTS.notFound);
  });
  // Declared after « :id » (the latest declaration wins here; the server's router prefers the fixed path).
  api.get("/api/outbox/transport", outboxTransportSchema, () => ({
    transport: typeof transport === "object" ? "outbox" : transport,
  }));
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(cleanup);

describe("OutboxPage", () => {
  it("lists the messages with recipient, subject, kind, status and document, and says they stay in the app", async () => {
    serve([reminderFailed, quoteSent]);
    renderWithProviders(<OutboxPage isMobile={false} />);
    const row = await screen.findByRole("article", { name: quoteSent.subject });
    expect(row.textContent).toContain("claire.martin@exemple.fr");
    expect(row.textContent).toContain("Envoi de devis");
    expect(row.textContent).toContain("Envoyé");
    expect(within(row).getByRole("link", { name: "Devis DEV-2026-0042" }).getAttribute("href")).toBe(
      "/quotes?search=DEV-2026-0042",
    );
    const failed = screen.getByRole("article", { name: reminderFailed.subject });
    expect(failed.textContent).toContain("compta@exemple.fr +2");
    expect(failed.textContent).toContain("Échec");
    expect(failed.textContent).toContain("550 Boîte inconnue");
    expect(within(failed).getByRole("link", { name: "Facture FAC-2026-0007" }).getAttribute("href")).toBe(
      `/invoices/${reminderFailed.document?.id}`,
    );
    expect(screen.getByRole("heading", { name: "2\u00a0messages" })).toBeTruthy();
    expect((await screen.findByText(/Aucun serveur d.envoi configuré/)).textContent).toContain(
      "Aucun serveur d’envoi configuré\u00a0: les messages restent ici.",
    );
  });

  it("says the messages go through the SMTP server when one is configured", async () => {
    serve([quoteSent], "smtp");
    renderWithProviders(<OutboxPage isMobile={false} />);
    expect(await screen.findByText(/Les messages partent par votre serveur d’envoi/)).toBeTruthy();
    expect(screen.queryByText(/Aucun serveur d’envoi configuré/)).toBeNull();
  });

  it("searches on the server and filters by status", async () => {
    serve([reminderFailed, quoteSent]);
    renderWithProviders(<OutboxPage isMobile={false} />);
    await screen.findByRole("article", { name: quoteSent.subject });
    fireEvent.click(screen.getByRole("radio", { name: "Échecs" }));
    await waitFor(() => expect(api.requests("GET", "/api/outbox").at(-1)?.query.get("status")).toBe("failed"));
    await waitFor(() => expect(screen.queryByRole("article", { name: quoteSent.subject })).toBeNull());
    expect(screen.getByRole("heading", { name: "1\u00a0message trouvé" })).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un message" }), { target: { value: "zinc" } });
    await waitFor(() => expect(api.requests("GET", "/api/outbox").at(-1)?.query.get("search")).toBe("zinc"));
    expect(await screen.findByText("Aucun message trouvé")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    expect(await screen.findByRole("article", { name: quoteSent.subject })).toBeTruthy();
  });

  it("shows « Aucun message envoyé » for an empty outbox", async () => {
    serve([]);
    renderWithProviders(<OutboxPage isMobile={false} />);
    expect(await screen.findByText(MESSAGE_TEXTS.noMessages)).toBeTruthy();
  });

  it("opens a message with its text as written and downloads its attachment", async () => {
    serve([quoteSent]);
    api.get("/api/outbox/:id/attachment", z.string(), () => "%PDF-1.4");
    const createObjectURL = vi.fn(() => "blob:piece");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithProviders(<OutboxPage isMobile={false} />);
    const row = await screen.findByRole("article", { name: quoteSent.subject });
    fireEvent.click(within(row).getByRole("button", { name: quoteSent.subject }));
    const dialog = await screen.findByRole("dialog", { name: quoteSent.subject });
    const body = await within(dialog).findByLabelText("Texte du message");
    expect(body.textContent).toBe("Bonjour Claire,\n\nVeuillez trouver ci-joint notre devis.");
    expect(dialog.textContent).toContain("claire.martin@exemple.fr");
    expect(dialog.textContent).toContain("par Sophie Durand");
    fireEvent.click(within(dialog).getByRole("button", { name: "Télécharger devis-DEV-2026-0042.pdf" }));
    await waitFor(() => expect(api.requests("GET", "/api/outbox/:id/attachment")).toHaveLength(1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it("a quote's message kept in « Messages »: « Copier le lien de signature » copies its link (issue 32)", async () => {
    serve([quoteSent], {
      body: "Bonjour Claire,\n\nConsulter et signer le devis\u00a0: https://app.exemple.fr/signer/AbC_12-x\n",
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithProviders(<OutboxPage isMobile={false} />);
    const row = await screen.findByRole("article", { name: quoteSent.subject });
    fireEvent.click(within(row).getByRole("button", { name: quoteSent.subject }));
    const dialog = await screen.findByRole("dialog", { name: quoteSent.subject });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Copier le lien de signature" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("https://app.exemple.fr/signer/AbC_12-x"));
  });

  it("no copy button for a message without a signing link", async () => {
    serve([quoteSent]);
    renderWithProviders(<OutboxPage isMobile={false} />);
    const row = await screen.findByRole("article", { name: quoteSent.subject });
    fireEvent.click(within(row).getByRole("button", { name: quoteSent.subject }));
    const dialog = await screen.findByRole("dialog", { name: quoteSent.subject });
    await within(dialog).findByLabelText("Texte du message");
    expect(within(dialog).queryByRole("button", { name: "Copier le lien de signature" })).toBeNull();
  });

  it("shows the failure alone with « Réessayer » when the list cannot load", async () => {
    serve([quoteSent]);
    api.get("/api/outbox", outboxResponseSchema, () => apiError(500, "Erreur du serveur"));
    renderWithProviders(<OutboxPage isMobile={false} />);
    expect(await screen.findByText("Impossible de charger les messages envoyés")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });
});
