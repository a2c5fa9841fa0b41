import { SIGNING_TEXTS } from "@shared/signing-rules";
import { describe, expect, it } from "vitest";
import { signingFormErrors } from "./signing-form";

describe("signingFormErrors", () => {
  it("asks for a name, « Bon pour accord » and a signature", () => {
    expect(signingFormErrors({ signerName: " J ", approved: false, signature: null })).toEqual({
      signerName: SIGNING_TEXTS.signerNameRequired,
      approved: SIGNING_TEXTS.approvalRequired,
      signature: SIGNING_TEXTS.signatureRequired,
    });
    expect(
      signingFormErrors({ signerName: "Jeanne Martin", approved: true, signature: "data:image/png;base64,AA" }),
    ).toEqual({});
  });
});
