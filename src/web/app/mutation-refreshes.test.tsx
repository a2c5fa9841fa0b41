/**
 * Each mutation declares what it refreshes (src/web/README.md, « Mutations »). Across features the keys are
 * written as prefixes (features never import each other); app/ composes them, so the checks live here.
 */
import { clientDetailSchema, clientSchema } from "@shared/clients";
import { quoteSchema } from "@shared/quotes";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import {
  OUTBOX_KEY,
  REMINDERS_KEY,
  DASHBOARD_KEY as SEND_DASHBOARD_KEY,
  INVOICES_KEY as SEND_INVOICES_KEY,
  QUOTES_KEY as SEND_QUOTES_KEY,
} from "@web/components/send-message/send-message-api";
import { clientKeys } from "@web/features/clients/api/client-keys";
import { clientDetailQueryOptions } from "@web/features/clients/api/get-client";
import { useUpdateClient } from "@web/features/clients/api/update-client";
import { makeClient } from "@web/features/clients/test/render";
import { dashboardKeys } from "@web/features/dashboard/api/dashboard-keys";
import { invoiceKeys, invoiceRefreshes } from "@web/features/invoices/api/invoice-keys";
import { messageKeys } from "@web/features/messages/api/message-keys";
import {
  DASHBOARD_KEY,
  INVOICES_KEY as PROJECT_INVOICES_KEY,
  projectKeys,
  projectRefreshes,
} from "@web/features/projects/api/project-keys";
import { CLIENT_DETAILS_KEY, INVOICES_KEY, quoteKeys } from "@web/features/quotes/api/quote-keys";
import { useUpdateQuote } from "@web/features/quotes/api/update-quote";
import { makeQuote } from "@web/features/quotes/test/render";
import { reminderKeys } from "@web/features/reminders/api/reminder-keys";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { testQueryClient } from "@web/test/render";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

let api: FakeApi;
const client = makeClient();
const quote = makeQuote({ client_id: client.id });

beforeEach(() => {
  api = fakeApi().install();
  api.get("/api/clients/:id", clientDetailSchema, () => ({ ...client, quotes: [], stats: undefined }));
  api.put("/api/quotes/:id", quoteSchema, () => ({ ...quote, status: "valide" as const }));
  api.put("/api/clients/:id", clientSchema, () => client);
});
afterEach(cleanup);

function wrapper() {
  const queryClient = testQueryClient();
  return {
    queryClient,
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  };
}

describe("mutation refreshes", () => {
  it("the quotes feature names the clients feature's keys by their true prefixes", () => {
    expect(CLIENT_DETAILS_KEY).toEqual(clientKeys.details());
    expect(clientKeys.detail(client.id).slice(0, CLIENT_DETAILS_KEY.length)).toEqual([...CLIENT_DETAILS_KEY]);
  });

  it("the invoices feature names the quotes, worksites and clients features' keys by their true prefixes", () => {
    // An invoice made from a quote or a worksite changes what they offer; a client's detail shows its revenue.
    expect(invoiceRefreshes.create).toContainEqual(quoteKeys.all);
    expect(invoiceRefreshes.create).toContainEqual(projectKeys.all);
    expect(invoiceRefreshes.cancel).toContainEqual(quoteKeys.all);
    for (const keys of Object.values(invoiceRefreshes)) expect(keys).toContainEqual(clientKeys.details());
    // Issue 32: an issue, a payment or a cancellation refreshes the home's figures and alerts, and « À relancer ».
    for (const keys of [invoiceRefreshes.status, invoiceRefreshes.cancel]) {
      expect(keys).toContainEqual(dashboardKeys.all);
      expect(keys).toContainEqual(reminderKeys.all);
    }
  });

  it("a deposit from a quote and a worksite's « Facturer » name the invoices feature's keys by their true prefix", () => {
    expect(INVOICES_KEY).toEqual(invoiceKeys.all);
    expect(PROJECT_INVOICES_KEY).toEqual(invoiceKeys.all);
  });

  it("a message sent (components/send-message) names the features' keys by their true prefixes", () => {
    // The quote's status and history, the invoice, « À relancer », the home's alerts, « Messages envoyés ».
    expect(SEND_QUOTES_KEY).toEqual(quoteKeys.all);
    expect(SEND_INVOICES_KEY).toEqual(invoiceKeys.all);
    expect(REMINDERS_KEY).toEqual(reminderKeys.all);
    expect(SEND_DASHBOARD_KEY).toEqual(dashboardKeys.all);
    expect(OUTBOX_KEY).toEqual(messageKeys.all);
  });

  it("a worksite started or finished refreshes the home's cards by their true prefix", () => {
    expect(DASHBOARD_KEY).toEqual(dashboardKeys.all);
    expect(projectRefreshes.status).toContainEqual(dashboardKeys.all);
  });

  it("a quote change refreshes the open client detail (its « Devis » tab)", async () => {
    const { wrapper: Wrapper } = wrapper();
    const { result } = renderHook(
      () => ({ detail: useQuery(clientDetailQueryOptions(client.id)), update: useUpdateQuote() }),
      { wrapper: Wrapper },
    );
    await waitFor(() => expect(result.current.detail.isSuccess).toBe(true));
    expect(api.requests("GET", "/api/clients/:id")).toHaveLength(1);
    await act(() =>
      result.current.update.mutateAsync({
        id: quote.id,
        body: {} as Parameters<typeof result.current.update.mutateAsync>[0]["body"],
      }),
    );
    // The mutation resolves once what it declares has been refetched.
    expect(api.requests("GET", "/api/clients/:id")).toHaveLength(2);
  });

  it("a client change marks the quotes stale (a quote shows its client's name)", async () => {
    const { wrapper: Wrapper, queryClient } = wrapper();
    queryClient.setQueryData(quoteKeys.detail(quote.id), quote);
    const { result } = renderHook(() => useUpdateClient(), { wrapper: Wrapper });
    await act(() => result.current.mutateAsync({ id: client.id, body: { name: "Jean Dupont" } }));
    expect(queryClient.getQueryState(quoteKeys.detail(quote.id))?.isInvalidated).toBe(true);
  });
});
