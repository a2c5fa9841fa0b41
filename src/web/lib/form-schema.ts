import { z } from "zod";

/**
 * Where a message about a path of the body shows in the form (`member_ids` → `members`,
 * `equipment_items.3` → `items.3.value`); null: under no input (then the form's own error, `errors.root`).
 */
export type FormPathOf = (path: string) => string | null;

/**
 * The zod schema of a form whose inputs are not its body (docs/conventions.md#web, the one form pattern):
 * numbers typed as text (« 12,50 »), a list typed row by row, members picked as people. `toBody` builds
 * the body from what the inputs hold, the body's shared schema checks it — the server's rules and French
 * messages, never a copy of them — and each message goes under its input (`pathOf`, when the form names
 * a field otherwise than the body; the first message of a field is shown). Read through `zodResolver`
 * like any form schema; its output, what `handleSubmit` hands over, is the body as built, sent as it is
 * (the server parses it again). A rule only the screen can check (an invoice's balance) is a
 * `.superRefine` chained on it: it runs once the body is valid, its paths are the form's.
 */
export function formSchema<F, B>(schema: z.ZodType, toBody: (fields: F) => B, pathOf: FormPathOf = (path) => path) {
  return z.custom<F>().transform((fields, ctx): B => {
    const body = toBody(fields);
    const parsed = schema.safeParse(body);
    if (parsed.success) return body;
    for (const issue of parsed.error.issues) {
      const path = pathOf(issue.path.join(".")) || "root";
      ctx.addIssue({ code: "custom", message: issue.message, path: path.split("."), input: fields });
    }
    return z.NEVER;
  });
}
