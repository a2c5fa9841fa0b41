/** Helpers shared by the web component tests (jsdom). Each feature's test/render.tsx adds its factories. */

import { PERMISSION_CODES, type PermissionCode } from "@shared/permissions";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { CanContext } from "@web/hooks/use-can";
import { createQueryClient } from "@web/lib/query-client";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

/** The app's query cache (its mutations refresh what they declare) that never retries: a failure shows at once. */
export function testQueryClient(): QueryClient {
  return createQueryClient({ retry: false });
}

/** Every permission of the catalogue: a company administrator. */
export const EVERY_PERMISSION: readonly PermissionCode[] = [...PERMISSION_CODES] as PermissionCode[];

/** What `useCan` answers below it: the permissions the test's user holds. */
export function TestPermissions({
  permissions,
  children,
}: {
  permissions: readonly PermissionCode[];
  children: ReactNode;
}) {
  const held = new Set<string>(permissions);
  return <CanContext.Provider value={(permission) => held.has(permission)}>{children}</CanContext.Provider>;
}

/**
 * Renders inside a fresh query cache, a router and the permissions `useCan` reads: every permission
 * unless the test names those the user holds (`{ permissions: ["quotes:view"] }`).
 */
export function renderWithProviders(
  ui: ReactElement,
  { permissions = EVERY_PERMISSION, path }: { permissions?: readonly PermissionCode[]; path?: string } = {},
) {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TestPermissions permissions={permissions}>
          <MemoryRouter initialEntries={path ? [path] : undefined}>{ui}</MemoryRouter>
        </TestPermissions>
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
