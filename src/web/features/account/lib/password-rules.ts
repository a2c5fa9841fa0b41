import { ACCOUNT_TEXTS, PASSWORD_TEXTS, passwordProblems, passwordStrength } from "@shared/account-rules";

/** Whose password it is: the policy refuses one that contains the e-mail or a word of the name. */
export interface PasswordOwner {
  email?: string;
  fullName?: string;
}

export type StrengthTone = "weak" | "fair" | "good";

/** The meter for `password`: score 0–4, its French label (PASSWORD_TEXTS.strength), a colour tone. */
export function strengthOf(password: string, owner: PasswordOwner) {
  const score = passwordStrength(password, owner);
  const tone: StrengthTone = score <= 1 ? "weak" : score === 2 ? "fair" : "good";
  return { score, label: PASSWORD_TEXTS.strength[score] ?? PASSWORD_TEXTS.strength[0], tone };
}

/** The form's check of a new password: the policy's first refusal, or true (react-hook-form `validate`). */
export function validateNewPassword(password: string, owner: PasswordOwner): string | true {
  return passwordProblems(password, owner)[0] ?? true;
}

/** The confirmation must repeat the new password exactly. */
export function validateConfirmation(confirmation: string, password: string): string | true {
  return confirmation === password || ACCOUNT_TEXTS.passwordsDiffer;
}
