import { SIGNING_LIMITS, SIGNING_TEXTS } from "@shared/signing-rules";

/** The signing form as the page holds it. */
export interface SigningFormValues {
  signerName: string;
  approved: boolean;
  /** The drawing as a PNG data URL; null until a stroke. */
  signature: string | null;
}

export type SigningFormErrors = Partial<Record<keyof SigningFormValues, string>>;

/** The form's problems, with the server's texts (signBodySchema says the same). */
export function signingFormErrors(values: SigningFormValues): SigningFormErrors {
  const errors: SigningFormErrors = {};
  const name = values.signerName.trim();
  if (name.length < 2 || name.length > SIGNING_LIMITS.signerNameMax)
    errors.signerName = SIGNING_TEXTS.signerNameRequired;
  if (!values.approved) errors.approved = SIGNING_TEXTS.approvalRequired;
  if (!values.signature) errors.signature = SIGNING_TEXTS.signatureRequired;
  return errors;
}
