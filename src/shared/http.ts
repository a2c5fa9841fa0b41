import { z } from "zod";

/** Schema of the API error body (OpenAPI, response validation); the type is in ./errors. */
export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
