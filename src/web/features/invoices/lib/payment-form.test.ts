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
      credit_note_id: "",
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
    const body = toPaymentPayload({
      date: "2026-03-12",
      amount: "300",
      method: "cash",
      reference: "  ",
      credit_note_id: "",
    });
    expect(body).toEqual({ date: "2026-03-12", amount: 300, method: "cash", reference: null });
    expect(paymentInputSchema.safeParse(body).success).toBe(true);
    const refused = paymentInputSchema.safeParse(
      toPaymentPayload({ date: "", amount: "0", method: "cash", reference: "", credit_note_id: "" }),
    );
    expect([...new Set(refused.error?.issues.map((i) => i.message))]).toEqual([
      "La date du paiement est obligatoire",
      "Le montant du paiement doit être supérieur à 0",
    ]);
  });

  it("names the credit note of a payment by « Avoir » (issue 32), and only then", () => {
    const id = "1f000009-0000-4000-8000-000000000009";
    const body = toPaymentPayload({
      date: "2026-03-12",
      amount: "50",
      method: "credit_note",
      reference: "",
      credit_note_id: id,
    });
    expect(body).toEqual({
      date: "2026-03-12",
      amount: 50,
      method: "credit_note",
      reference: null,
      credit_note_id: id,
    });
    expect(paymentInputSchema.safeParse(body).success).toBe(true);
    expect(
      toPaymentPayload({ date: "2026-03-12", amount: "50", method: "check", reference: "", credit_note_id: id }),
    ).not.toHaveProperty("credit_note_id");
  });
});
