import { z } from "zod";

/** The document in the way of a refused change: an invoice, by id, with its number. */
export const blockingDocumentSchema = z.object({
  type: z.enum(["invoice"]),
  id: z.string(),
  reference: z.string(),
});
export type BlockingDocument = z.infer<typeof blockingDocumentSchema>;

/** Schema of the API error body (OpenAPI, response validation); its type is ErrorResponse (also re-exported by ./errors). */
export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /**
   * A 409 refused because of another document names it (docs/domain/api.md#errors): the screen links to
   * it. Only on the refusals that say so (e.g. « Ce devis a déjà sa facture de solde »).
   */
  document: blockingDocumentSchema.optional(),
});

/** The body of every API error (docs/domain/api.md#errors), inferred from its schema. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
