import { passwordChangeSchema, setPasswordBodySchema } from "@shared/accounts";
import { z } from "zod";
import { type PasswordOwner, validateConfirmation, validateNewPassword } from "./password-rules";

/**
 * A new password as the forms check it: the API's schema (its length), then the shared policy with its
 * owner's e-mail and name — the service's own check (`passwordProblems`), its first refusal.
 */
function ownPassword(schema: z.ZodType<string, string>, owner: PasswordOwner) {
  return schema.superRefine((password, ctx) => {
    const verdict = validateNewPassword(password, owner);
    if (verdict !== true) ctx.addIssue({ code: "custom", message: verdict, input: password });
  });
}

/** The confirmation must repeat the new password (checked whatever the password's own faults). */
function confirming<K extends string>(field: K) {
  return (values: Record<K | "confirmation", string>, ctx: z.RefinementCtx) => {
    const verdict = validateConfirmation(values.confirmation, values[field]);
    if (verdict !== true) ctx.addIssue({ code: "custom", message: verdict, path: ["confirmation"], input: values });
  };
}

/** « Choisissez votre mot de passe » (an invitation or a reset link): the body's password, and its confirmation. */
export function setPasswordFormSchema(owner: PasswordOwner) {
  const { password } = setPasswordBodySchema.shape;
  return z
    .object({ password: ownPassword(password, owner), confirmation: z.string() })
    .superRefine(confirming("password"));
}

/** « Changer le mot de passe » (« Mon compte »): the current password, the new one, and its confirmation. */
export function passwordChangeFormSchema(owner: PasswordOwner) {
  const { current_password, new_password } = passwordChangeSchema.shape;
  return z
    .object({ current_password, new_password: ownPassword(new_password, owner), confirmation: z.string() })
    .superRefine(confirming("new_password"));
}
