import { ACCOUNT_TEXTS, PASSWORD_TEXTS } from "@shared/account-rules";
import { describe, expect, it } from "vitest";
import { strengthOf, validateConfirmation, validateNewPassword } from "./password-rules";

const owner = { email: "lea.martin@exemple.fr", fullName: "Léa Martin" };

describe("password rules of the forms", () => {
  it("reads the meter from the shared policy: a refused password is weak, a long varied one excellent", () => {
    expect(strengthOf("", owner)).toEqual({ score: 0, label: "Très faible", tone: "weak" });
    expect(strengthOf("abc", owner).tone).toBe("weak");
    expect(strengthOf("Toiture2026x", owner)).toMatchObject({ label: "Moyen", tone: "fair" });
    expect(strengthOf("Toiture-2026", owner)).toMatchObject({ label: "Bon", tone: "good" });
    expect(strengthOf("Charpente-Chêne-2026-solide!", owner)).toMatchObject({
      score: 4,
      label: "Excellent",
      tone: "good",
    });
    // The name inside caps the score however long the password is.
    expect(strengthOf("Martin-Charpente-2026-solide!", owner).tone).toBe("weak");
  });

  it("refuses a new password with the policy's first French sentence", () => {
    expect(validateNewPassword("court", owner)).toBe(PASSWORD_TEXTS.tooShort);
    expect(validateNewPassword("toutenminuscules", owner)).toBe(PASSWORD_TEXTS.tooSimple);
    expect(validateNewPassword("Lea.Martin-2026", owner)).toBe(PASSWORD_TEXTS.containsEmail);
    expect(validateNewPassword("Toiture-2026", owner)).toBe(true);
  });

  it("asks the confirmation to repeat the password", () => {
    expect(validateConfirmation("Toiture-2026", "Toiture-2026")).toBe(true);
    expect(validateConfirmation("Toiture-2025", "Toiture-2026")).toBe(ACCOUNT_TEXTS.passwordsDiffer);
  });
});
