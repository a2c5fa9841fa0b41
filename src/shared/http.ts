import { z } from "zod";

/** Schema of the API error body (OpenAPI, response validation); its type is ErrorResponse (also re-exported by ./errors). */
export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The body of every API error (docs/domain/api.md#errors), inferred from its schema. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
