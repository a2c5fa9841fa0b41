import { paymentInputSchema } from "@shared/invoices";
import { describe, expect, it } from "vitest";
import { parseAmount, paymentFormDefaults, toPaymentPayload } from "./payment-form";

describe("payment form", () => {
  it("starts from today, the balance due and the invoice's payment method (bank transfer when none)", () => {
    expect(paymentFormDefaults({ balance_due: 1234.5, payment_method: "check" }, "2026-03-12")).toEqual({
      date: "2026-03-12",
      amount: "1234.50",
      method: "check",
      reference: "",
    });
    expect(paymentFormDefaults({ balance_due: 0.1 + 0.2, payment_method: null }, "2026-03-12")).toMatchObject({
      amount: "0.30",
      method: "bank_transfer",
    });
  });

  it("reads an amount typed the French way", () => {
    expect(parseAmount("120,5")).toBe(120.5);
    expect(parseAmount("1\u202f200,50\u00a0€")).toBe(1200.5);
    expect(parseAmount("99.99")).toBe(99.99);
    expect(parseAmount("")).toBeNaN();
    expect(parseAmount("abc")).toBeNaN();
  });

  it("sends what the shared schema accepts, a blank reference as none", () => {
    const body = toPaymentPayload({ date: "2026-03-12", amount: "300", method: "cash", reference: "  " });
    expect(body).toEqual({ date: "2026-03-12", amount: 300, method: "cash", reference: null });
    expect(paymentInputSchema.safeParse(body).success).toBe(true);
    const refused = paymentInputSchema.safeParse(
      toPaymentPayload({ date: "", amount: "0", method: "cash", reference: "" }),
    );
    expect([...new Set(refused.error?.issues.map((i) => i.message))]).toEqual([
      "La date du paiement est obligatoire",
      "Le montant du paiement doit être supérieur à 0",
    ]);
  });
});
