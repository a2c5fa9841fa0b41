import "fake-indexeddb/auto";
import { PROJECT_TEXTS, type ProjectIssue, type ProjectTaskDetail } from "@shared/projects";
import { ApiError, NETWORK_ERROR_MESSAGE } from "@web/lib/api-client";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SentAnswer } from "../api/site-execution";
import { closeSiteDb, siteStorage } from "./site-db";
import type { SiteDraft, SiteEntry } from "./site-outbox";
import { createSiteOutbox } from "./site-outbox-store";

const PROJECT = "7b0f9c43-8f5e-4a51-9d3c-2c6a0b1e5f10";
const USER = "user-1";

const draft = (op: SiteDraft["op"]): SiteDraft => ({
  userId: USER,
  projectId: PROJECT,
  op,
  createdAt: new Date().toISOString(),
  createdByName: "Julien Moreau",
});

const taskAnswer = (id: string, isDone: boolean): ProjectTaskDetail => ({
  id,
  project_id: PROJECT,
  position: 1,
  label: id,
  is_done: isDone,
  done_at: null,
  done_by_name: null,
  estimated_hours: null,
  unit_price: null,
  quantity: 1,
});
const issueAnswer = (id: string, clientKey: string, title: string): ProjectIssue => ({
  id,
  project_id: PROJECT,
  title,
  description: null,
  client_key: clientKey,
  created_by_name: "Julien Moreau",
  created_at: "2026-11-25T10:00:00.000Z",
  updated_at: "2026-11-25T10:00:00.000Z",
});

/** A fake server: answers in order, or fails as told, and logs what it received. */
function server() {
  let down = false;
  let refuse: ApiError | null = null;
  const received: SiteEntry[] = [];
  const send = vi.fn(async (entry: SiteEntry): Promise<SentAnswer> => {
    if (down) throw new ApiError(NETWORK_ERROR_MESSAGE, 0, "");
    received.push(entry);
    if (refuse) throw refuse;
    const { op } = entry;
    switch (op.type) {
      case "tick":
        return { type: "tick", task: taskAnswer(op.taskId, op.isDone) };
      case "issue-create":
        return { type: "issue-create", issue: issueAnswer(`id-${op.clientKey}`, op.clientKey, op.title) };
      case "issue-update":
        return { type: "issue-update", issue: issueAnswer(op.issue.id ?? "?", op.issue.clientKey ?? "", op.title) };
      default:
        throw new Error(`unexpected ${op.type}`);
    }
  });
  return {
    send,
    received,
    setDown: (value: boolean) => {
      down = value;
    },
    refuseWith: (error: ApiError | null) => {
      refuse = error;
    },
  };
}

function outbox(fake: ReturnType<typeof server>, online: { value: boolean } = { value: true }) {
  return createSiteOutbox({
    storage: siteStorage(),
    send: fake.send,
    currentUserId: () => USER,
    isOnline: () => online.value,
  });
}

beforeEach(() => {
  // A new, empty IndexedDB for each case.
  globalThis.indexedDB = new IDBFactory();
});
afterEach(() => closeSiteDb());

describe("site outbox", () => {
  it("keeps the actions made offline across a reload and sends them in order when the connection returns", async () => {
    const fake = server();
    const online = { value: false };
    const first = outbox(fake, online);
    await first.add(draft({ type: "tick", taskId: "t1", isDone: true, label: "Dépose" }));
    await first.add(draft({ type: "issue-create", clientKey: "k1", title: "Fuite", description: null }));
    await first.add(
      draft({
        type: "issue-update",
        issue: { id: null, clientKey: "k1" },
        title: "Fuite sous évier",
        description: "Joint",
      }),
    );
    await first.flush();
    expect(fake.send).not.toHaveBeenCalled();
    expect(first.getState().stalled).toBe("offline");
    // The edit went into its creation: two entries wait.
    expect(first.getState().entries).toHaveLength(2);

    // The page is reloaded: a new outbox reads the same IndexedDB.
    closeSiteDb();
    online.value = true;
    const second = outbox(fake, online);
    await second.load();
    expect(second.getState().entries.map((e) => e.op.type)).toEqual(["tick", "issue-create"]);
    await second.flush();
    expect(fake.received.map((e) => e.op)).toEqual([
      { type: "tick", taskId: "t1", isDone: true, label: "Dépose" },
      { type: "issue-create", clientKey: "k1", title: "Fuite sous évier", description: "Joint" },
    ]);
    expect(second.getState().entries).toEqual([]);
    closeSiteDb();
    const third = outbox(fake);
    await third.load();
    expect(third.getState().entries).toEqual([]);
  });

  it("stops at a network failure without losing the entry, and goes on from it", async () => {
    const fake = server();
    const box = outbox(fake);
    fake.setDown(true);
    await box.add(draft({ type: "tick", taskId: "t1", isDone: true, label: "Dépose" }));
    await box.add(draft({ type: "tick", taskId: "t2", isDone: true, label: "Pose" }));
    await box.flush();
    expect(box.getState()).toMatchObject({ stalled: "offline", sendingSeq: null });
    expect(box.getState().entries).toHaveLength(2);
    fake.setDown(false);
    await box.flush();
    expect(fake.received.map((e) => (e.op.type === "tick" ? e.op.taskId : ""))).toEqual(["t1", "t2"]);
    expect(box.getState()).toMatchObject({ stalled: null, entries: [] });
  });

  it("gives an edit queued while its creation was on its way the id the server answered", async () => {
    const fake = server();
    const box = outbox(fake);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const plain = fake.send.getMockImplementation();
    fake.send.mockImplementationOnce(async (entry) => {
      await gate;
      return (plain as (e: SiteEntry) => Promise<SentAnswer>)(entry);
    });
    await box.add(draft({ type: "issue-create", clientKey: "k1", title: "Fuite", description: null }));
    await vi.waitFor(() => expect(box.getState().sendingSeq).not.toBeNull());
    await box.add(
      draft({ type: "issue-update", issue: { id: null, clientKey: "k1" }, title: "Fuite 2", description: null }),
    );
    release();
    await vi.waitFor(() => expect(box.getState().entries).toEqual([]));
    expect(fake.received.map((e) => e.op)).toEqual([
      { type: "issue-create", clientKey: "k1", title: "Fuite", description: null },
      { type: "issue-update", issue: { id: "id-k1", clientKey: "k1" }, title: "Fuite 2", description: null },
    ]);
  });

  it("keeps a refused entry with its reason, sends the others, and tells who listens", async () => {
    const fake = server();
    const box = outbox(fake);
    const settled = vi.fn();
    box.onSettled(settled);
    fake.refuseWith(new ApiError(PROJECT_TEXTS.notInProgress, 409, "Conflict", { error: PROJECT_TEXTS.notInProgress }));
    await box.add(draft({ type: "tick", taskId: "t1", isDone: true, label: "Dépose" }));
    await box.flush();
    const [refused] = box.getState().entries;
    expect(refused?.failure).toMatchObject({ reason: "conflict", status: 409, message: PROJECT_TEXTS.notInProgress });
    expect(settled).toHaveBeenCalledWith(
      expect.objectContaining({ seq: refused?.seq }),
      expect.objectContaining({ kind: "failed" }),
    );
    fake.refuseWith(null);
    await box.add(draft({ type: "tick", taskId: "t2", isDone: true, label: "Pose" }));
    await box.flush();
    expect(box.getState().entries).toHaveLength(1);
    // Survives a reload, until the user removes it.
    closeSiteDb();
    const again = outbox(fake);
    await again.load();
    expect(again.getState().entries[0]?.failure?.message).toBe(PROJECT_TEXTS.notInProgress);
    await again.discard(refused?.seq ?? -1);
    expect(again.getState().entries).toEqual([]);
  });

  it("keeps a photo's bytes until it is sent", async () => {
    const fake = server();
    const online = { value: false };
    const box = outbox(fake, online);
    const bytes = new Uint8Array([255, 216, 255, 224]).buffer;
    await box.add(draft({ type: "photo-add", clientKey: "p1", filename: "photo.jpg", bytes, mime: "image/jpeg" }));
    closeSiteDb();
    const again = outbox(fake, online);
    await again.load();
    const [stored] = again.getState().entries;
    expect(stored?.op.type === "photo-add" && new Uint8Array(stored.op.bytes)).toEqual(
      new Uint8Array([255, 216, 255, 224]),
    );
  });
});
