import { INVOICE_TEXTS } from "@shared/invoice-rules";
import { invoiceSchema } from "@shared/invoices";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, testQueryClient } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INVOICE_ID, makeInvoice } from "../test/list-fixtures";
import { PaymentCancelDialog } from "./payment-cancel-dialog";

let api: FakeApi;
/** A text as Testing Library reads the page (no-break spaces as spaces). */
const shown = (text: string) => text.replace(/\u00a0/g, " ");
const PAYMENT_ID = "b1000001-0000-4000-8000-000000000001";
const CANCEL = "/api/invoices/:id/payments/:paymentId/cancel";
const payment = {
  id: PAYMENT_ID,
  date: "2026-03-20",
  amount: 450,
  method: "check" as const,
  reference: "CHQ 99",
  credit_note: null,
  created_by_name: "Paul Durand",
  created_at: "2026-03-20T10:00:00.000Z",
  cancellation: null,
};
const invoice = makeInvoice({ paid_amount: 450, balance_due: 650, payments: [payment] });

function renderDialog() {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PaymentCancelDialog invoice={invoice} payment={payment} isMobile={false} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole("dialog", { name: "Annuler le règlement\u00a0?" });
  const reason = within(dialog).getByLabelText(/Motif/) as HTMLTextAreaElement;
  const submit = () => fireEvent.click(within(dialog).getByRole("button", { name: INVOICE_TEXTS.cancelPayment }));
  return { dialog, reason, submit, onClose };
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("PaymentCancelDialog (« Annuler le règlement »)", () => {
  it("says which payment and what follows; a required « Motif » of 3 characters at least, nothing sent before", async () => {
    const { dialog, reason, submit } = renderDialog();
    expect(dialog.textContent).toContain("Le règlement de 450,00\u00a0€ du 20/03/2026 (Chèque)");
    expect(reason.required).toBe(true);
    expect(reason.maxLength).toBe(500);

    submit();
    expect(await within(dialog).findByText(shown(INVOICE_TEXTS.paymentCancelReasonRequired))).toBeTruthy();
    fireEvent.change(reason, { target: { value: "   " } });
    submit();
    expect(await within(dialog).findByText(shown(INVOICE_TEXTS.paymentCancelReasonRequired))).toBeTruthy();
    fireEvent.change(reason, { target: { value: " ok " } });
    submit();
    expect(await within(dialog).findByText(shown(INVOICE_TEXTS.paymentCancelReasonTooShort))).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("sends the reason trimmed, toasts « Règlement annulé » and closes", async () => {
    api.post(CANCEL, invoiceSchema, () => ({ ...invoice, paid_amount: 0, balance_due: 1100 }), 200);
    const { reason, submit, onClose } = renderDialog();
    fireEvent.change(reason, { target: { value: "  Chèque revenu impayé  " } });
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const request = api.requests("POST", CANCEL)[0];
    expect(request?.path).toBe(`/api/invoices/${INVOICE_ID}/payments/${PAYMENT_ID}/cancel`);
    expect(request?.body).toEqual({ reason: "Chèque revenu impayé" });
    expect(toast.success).toHaveBeenCalledWith(INVOICE_TEXTS.paymentCancelled, {
      description: "450,00\u00a0€ · FAC-2026-0012",
    });
  });

  it("shows the server's 400 at the field, and toasts a 409 with its reason, the dialog left open", async () => {
    let answer = apiError(400, "Données invalides", {
      details: [{ path: "reason", message: INVOICE_TEXTS.paymentCancelReasonTooLong }],
    });
    api.post(CANCEL, invoiceSchema, () => answer, 200);
    const { dialog, reason, submit, onClose } = renderDialog();
    fireEvent.change(reason, { target: { value: "Motif valable" } });
    submit();
    expect(await within(dialog).findByText(shown(INVOICE_TEXTS.paymentCancelReasonTooLong))).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();

    answer = apiError(409, INVOICE_TEXTS.paymentAlreadyCancelled);
    fireEvent.change(reason, { target: { value: "Motif valable encore" } });
    submit();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(INVOICE_TEXTS.paymentCancelFailed, {
        description: INVOICE_TEXTS.paymentAlreadyCancelled,
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(api.requests("POST", CANCEL)).toHaveLength(2);
  });
});
