import type { Database } from "@server/db/client";
import { registerDocumentMessageRoutes } from "../documents/document-message.routes";
import type { AppModule } from "../module";
import { createQuoteMessagesService, QUOTE_MESSAGES_ACCESS } from "./quote-messages.service";
import type { QuotesService } from "./quotes.service";

/**
 * A quote's messages (issue 18, docs/domain/messages.md#send-and-remind), registered by quotesModule
 * with its quotes service (the PDF attached is the one GET …/pdf answers).
 */
export function registerQuoteMessageRoutes(
  app: Parameters<AppModule>[0],
  db: Database,
  quotes: Pick<QuotesService, "pdfInTransaction">,
): void {
  registerDocumentMessageRoutes(app, {
    base: "/api/quotes",
    tags: ["Devis"],
    access: QUOTE_MESSAGES_ACCESS,
    summaries: {
      messages: "Messages envoyés pour ce devis, du plus récent au plus ancien",
      send: "Envoie le devis au client (PDF joint, nouveau lien de signature)\u202f; un brouillon devient «\u00a0Envoyé au client\u00a0»\u202f; 409 pour un devis validé, refusé ou annulé",
      remind:
        "Relance le client (PDF joint, nouveau lien de signature)\u202f: le devis devient «\u00a0Client relancé\u00a0»\u202f; 409 s’il n’est ni envoyé ni relancé",
    },
    service: createQuoteMessagesService(db, quotes),
  });
}
