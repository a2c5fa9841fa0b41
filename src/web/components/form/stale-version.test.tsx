/**
 * useVersionedForm (ADR 0024): the version a form saves on, a refused stale save, and « Recharger » —
 * one implementation for every edit form (the nine forms pass their detail query and how they take it).
 */
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import { ApiError } from "@web/lib/api-client";
import { testQueryClient } from "@web/test/render";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useVersionedForm } from "./stale-version";

afterEach(cleanup);

interface Thing {
  id: string;
  name: string;
  updated_at: string;
}

const opened: Thing = { id: "t1", name: "Avant", updated_at: "2026-11-22T12:00:00.000Z" };
const stored: Thing = { id: "t1", name: "Après", updated_at: "2026-11-22T12:05:00.000Z" };

function setup(fetchStored: () => Promise<Thing>, withReload = true) {
  const queryClient = testQueryClient();
  const thingQuery = () => queryOptions({ queryKey: ["things", "detail", "t1"] as const, queryFn: fetchStored });
  // What the form shows: the cache holds the version it was opened with (a reload must not read it).
  queryClient.setQueryData(thingQuery().queryKey, opened);
  const apply = vi.fn<(fresh: Thing) => void>();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useVersionedForm(opened, withReload && { query: thingQuery, apply }), { wrapper });
  return { hook, apply };
}

const apiError = (status: number, message: string, code: string) =>
  new ApiError(message, status, "", { error: message, message, code });
const stale = () => apiError(409, MESSAGES.staleVersion, ERROR_CODES.STALE_VERSION);

describe("useVersionedForm", () => {
  it("saves on the version it was opened with; a stale refusal is told apart from any other error", () => {
    const { hook } = setup(async () => stored);
    expect(hook.result.current.version).toBe(opened.updated_at);
    let refused = false;
    act(() => {
      refused = hook.result.current.refused(apiError(400, "Champ obligatoire", ERROR_CODES.VALIDATION));
    });
    expect(refused).toBe(false);
    expect(hook.result.current.stale).toBe(false);
    act(() => {
      refused = hook.result.current.refused(stale());
    });
    expect(refused).toBe(true);
    expect(hook.result.current.stale).toBe(true);
  });

  it("« Recharger » fetches the stored resource past the cache, hands it to the form and takes its version", async () => {
    const fetchStored = vi.fn(async () => stored);
    const { hook, apply } = setup(fetchStored);
    act(() => {
      hook.result.current.refused(stale());
    });
    await act(() => hook.result.current.reload());
    expect(fetchStored).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith(stored);
    expect(hook.result.current.version).toBe(stored.updated_at);
    expect(hook.result.current.stale).toBe(false);
  });

  it("does nothing to reload for a form that creates (no stored resource)", async () => {
    const fetchStored = vi.fn(async () => stored);
    const { hook, apply } = setup(fetchStored, false);
    await act(() => hook.result.current.reload());
    expect(fetchStored).not.toHaveBeenCalled();
    expect(apply).not.toHaveBeenCalled();
  });
});
