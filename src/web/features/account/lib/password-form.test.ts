import { ACCOUNT_TEXTS, PASSWORD_TEXTS } from "@shared/account-rules";
import { describe, expect, it } from "vitest";
import { passwordChangeFormSchema, setPasswordFormSchema } from "./password-form";

const owner = { email: "lea.martin@exemple.fr", fullName: "Léa Martin" };
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the password forms' schemas", () => {
  it("refuses a link's password with the policy's first sentence, and a confirmation that differs, together", () => {
    const schema = setPasswordFormSchema(owner);
    expect(messages(schema.safeParse({ password: "court", confirmation: "autre" }))).toEqual([
      ["password", PASSWORD_TEXTS.tooShort],
      ["confirmation", ACCOUNT_TEXTS.passwordsDiffer],
    ]);
    expect(messages(schema.safeParse({ password: "Lea.Martin-2026", confirmation: "Lea.Martin-2026" }))).toEqual([
      ["password", PASSWORD_TEXTS.containsEmail],
    ]);
    expect(schema.parse({ password: "Toiture-2026", confirmation: "Toiture-2026" }).password).toBe("Toiture-2026");
  });

  it("asks « Mon compte » for the current password, and checks the new one as the link does", () => {
    const schema = passwordChangeFormSchema(owner);
    expect(
      messages(schema.safeParse({ current_password: "", new_password: "toutenminuscules", confirmation: "" })),
    ).toEqual([
      ["current_password", ACCOUNT_TEXTS.currentPasswordWrong],
      ["new_password", PASSWORD_TEXTS.tooSimple],
      ["confirmation", ACCOUNT_TEXTS.passwordsDiffer],
    ]);
    expect(
      schema.safeParse({ current_password: "ancien", new_password: "Toiture-2026", confirmation: "Toiture-2026" })
        .success,
    ).toBe(true);
  });
});
