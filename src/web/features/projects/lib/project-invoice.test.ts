import { describe, expect, it } from "vitest";
import { canInvoiceProject } from "./project-invoice";

const CLIENT = "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f";
const QUOTE = "6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6";

describe("« Facturer » a worksite", () => {
  it("is offered for a delivered worksite, or any from a validated quote", () => {
    expect(canInvoiceProject({ status: "livré", client_id: CLIENT, quote_id: null })).toBe(true);
    expect(canInvoiceProject({ status: "en cours", client_id: CLIENT, quote_id: QUOTE })).toBe(true);
    expect(canInvoiceProject({ status: "à faire", client_id: CLIENT, quote_id: QUOTE })).toBe(true);
  });

  it("is not for a worksite in progress without a quote, a cancelled one, or one without a client", () => {
    expect(canInvoiceProject({ status: "en cours", client_id: CLIENT, quote_id: null })).toBe(false);
    expect(canInvoiceProject({ status: "annulé", client_id: CLIENT, quote_id: QUOTE })).toBe(false);
    expect(canInvoiceProject({ status: "livré", client_id: null, quote_id: null })).toBe(false);
  });
});
