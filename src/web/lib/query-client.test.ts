import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { createQueryClient } from "./query-client";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@web/lib/toast", () => ({ toast }));

afterEach(() => toast.error.mockReset());

function run(meta: Record<string, unknown>, fn: () => Promise<unknown>) {
  const client = createQueryClient({ retry: false });
  return client.getMutationCache().build(client, { mutationFn: fn, meta }).execute(undefined);
}

describe("createQueryClient: the default handlers of every mutation", () => {
  it("toasts a failure with the mutation's errorTitle and the server's French message", async () => {
    const failure = new ApiError("Modèle introuvable", 404, "Not Found", { error: "Modèle introuvable" });
    await expect(run({ errorTitle: "Erreur lors de la suppression" }, () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de la suppression", { description: "Modèle introuvable" });
  });

  it("leaves out a message that is not French (the client's « Error 502 » fallback)", async () => {
    const failure = new ApiError("Error 502: Bad Gateway", 502, "Bad Gateway");
    await expect(run({ errorTitle: "Erreur lors de la suppression" }, () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de la suppression");
  });

  it("says nothing for a mutation that shows its failure itself (no errorTitle)", async () => {
    await expect(run({}, () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("refreshes the declared queries before the mutation resolves", async () => {
    const client = createQueryClient({ retry: false });
    client.setQueryData(["clients", "detail", "1"], { id: "1" });
    client.setQueryData(["company", "info"], { name: "x" });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.resolve(1), meta: { invalidates: [["clients"]] } })
      .execute(undefined);
    expect(client.getQueryState(["clients", "detail", "1"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["company", "info"])?.isInvalidated).toBe(false);
  });
});
