import { clientCountersSchema } from "@shared/clients";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, noContent } from "./fake-api";

afterEach(() => vi.unstubAllGlobals());

describe("fakeApi", () => {
  it("answers a declared route, the latest declaration winning, and logs what was asked", async () => {
    const api = fakeApi().install();
    api.get("/api/clients/counters", clientCountersSchema, () => ({ total: 1, active: 1, with_phone: 0 }));
    api.get("/api/clients/counters", clientCountersSchema, ({ query }) => ({
      total: Number(query.get("n")),
      active: 0,
      with_phone: 0,
    }));
    api.delete("/api/clients/:id", ({ params }) =>
      params.id === "a" ? noContent() : apiError(404, "Client introuvable"),
    );
    const counters = await fetch("/api/clients/counters?n=3");
    expect(await counters.json()).toEqual({ total: 3, active: 0, with_phone: 0 });
    expect((await fetch("/api/clients/a", { method: "DELETE" })).status).toBe(204);
    const missing = await fetch("/api/clients/b", { method: "DELETE" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: "Client introuvable",
      message: "Client introuvable",
      code: "NOT_FOUND",
    });
    expect((await fetch("/api/unknown")).status).toBe(404);
    expect(api.requests("DELETE", "/api/clients/:id").map((r) => r.path)).toEqual(["/api/clients/a", "/api/clients/b"]);
  });

  it("refuses a fixture that drifts from the wire shape", async () => {
    const api = fakeApi().install();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    // @ts-expect-error — `inactive` is not a counter: the compiler refuses it, and so does the fake at run time.
    api.get("/api/clients/counters", clientCountersSchema, () => ({ total: 1, active: 1, inactive: 0 }));
    await expect(fetch("/api/clients/counters")).rejects.toThrow(/does not match its schema/);
    expect(error).toHaveBeenCalled();
  });
});
