/** Helpers shared by the web component tests (jsdom). Each feature's test/render.tsx adds its factories. */
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createQueryClient } from "@web/lib/query-client";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

/** The app's query cache (its mutations refresh what they declare) that never retries: a failure shows at once. */
export function testQueryClient(): QueryClient {
  return createQueryClient({ retry: false });
}

/** Renders inside a fresh query cache and a router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** A JSON answer of the API (no body for 204). */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** jsdom lacks these browser APIs that Radix primitives use. */
export function installBrowserStubs() {
  if (!("ResizeObserver" in globalThis)) {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  if (!window.scrollTo || !("mock" in window.scrollTo)) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}
