import type { Database } from "@server/db/client";
import { registerDocumentMessageRoutes } from "../documents/document-message.routes";
import type { AppModule } from "../module";
import { createInvoiceMessagesService, INVOICE_MESSAGES_ACCESS } from "./invoice-messages.service";
import type { InvoicesService } from "./invoices.service";

/**
 * An invoice's messages (issue 18, docs/domain/messages.md#send-and-remind), registered by
 * invoicesModule with its invoices service (the Factur-X attached is the one GET …/pdf answers).
 */
export function registerInvoiceMessageRoutes(
  app: Parameters<AppModule>[0],
  db: Database,
  invoices: Pick<InvoicesService, "pdfInTransaction">,
): void {
  registerDocumentMessageRoutes(app, {
    base: "/api/invoices",
    tags: ["Factures"],
    access: INVOICE_MESSAGES_ACCESS,
    summaries: {
      messages: "Messages envoyés pour cette facture, du plus récent au plus ancien",
      send: "Envoie une facture émise au client (son Factur-X joint)\u202f; 409 pour un brouillon",
      remind: "Relance le client d’une facture en retard (son Factur-X joint)\u202f; 409 si elle n’est pas en retard",
    },
    service: createInvoiceMessagesService(db, invoices),
  });
}
