// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { USER_KEY } from "@web/lib/session";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSiteOutbox } from "../hooks/use-site-outbox";
import { resumeSiteOutbox } from "./resume-site-outbox";
import { closeSiteDb, siteStorage } from "./site-db";

const PROJECT = "7b0f9c43-8f5e-4a51-9d3c-2c6a0b1e5f10";

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem(USER_KEY, JSON.stringify({ id: "user-1", full_name: "Julien Moreau" }));
});
afterEach(() => {
  resetSiteOutbox();
  closeSiteDb();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const tick = (userId: string) => ({
  userId,
  projectId: PROJECT,
  op: { type: "tick" as const, taskId: "t1", isDone: true, label: "Dépose" },
  createdAt: new Date().toISOString(),
  createdByName: "Julien Moreau",
  failure: null,
});

describe("resuming the site outbox from any screen", () => {
  it("sends what this user left waiting", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: "t1", is_done: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    await siteStorage().addEntry(tick("user-1"));
    expect(await resumeSiteOutbox()).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.at(0))).toContain("/api/project-tasks/t1");
  });

  it("makes nothing when nothing of this user waits", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await resumeSiteOutbox()).toBe(false);
    await siteStorage().addEntry(tick("someone-else"));
    expect(await resumeSiteOutbox()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("opens no database on a browser where « Mode chantier » never stored anything", async () => {
    expect(await resumeSiteOutbox()).toBe(false);
    expect(await indexedDB.databases()).toEqual([]);
  });
});
