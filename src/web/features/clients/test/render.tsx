import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import type { Client } from "../../../../shared/clients";

/** Renders inside a fresh query cache and a router. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(<QueryClientProvider client={queryClient}>{<MemoryRouter>{ui}</MemoryRouter>}</QueryClientProvider>),
  };
}

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f",
    name: "Jean Dupont",
    email: "jean@exemple.fr",
    phone: "06 12 34 56 78",
    address: "12 rue de la Paix",
    postal_code: "69001",
    city: "Lyon",
    notes: "Portail bleu",
    is_active: true,
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}

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
}
