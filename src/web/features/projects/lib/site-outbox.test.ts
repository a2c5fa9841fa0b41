import { PROJECT_TEXTS, type ProjectIssue, type ProjectTask } from "@shared/projects";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import {
  classifyFailure,
  discardEntry,
  enqueue,
  entriesOf,
  nextToSend,
  overlayIssues,
  overlayPhotos,
  overlayTasks,
  retryEntry,
  type SiteEntry,
  type SiteFailure,
  type SiteOp,
  settleFailed,
  settleSent,
} from "./site-outbox";

const PROJECT = "7b0f9c43-8f5e-4a51-9d3c-2c6a0b1e5f10";
const USER = "user-1";
let seq = 0;
function entry(op: SiteOp, overrides: Partial<SiteEntry> = {}): SiteEntry {
  seq += 1;
  return {
    seq,
    userId: USER,
    projectId: PROJECT,
    op,
    createdAt: `2026-11-25T10:00:${String(seq).padStart(2, "0")}.000Z`,
    createdByName: "Julien Moreau",
    failure: null,
    ...overrides,
  };
}
const queue = (...ops: SiteEntry[]) => ops.reduce<SiteEntry[]>((list, e) => enqueue(list, e, null), []);
const tick = (taskId: string, isDone: boolean): SiteOp => ({ type: "tick", taskId, isDone, label: taskId });
const create = (clientKey: string, title: string): SiteOp => ({
  type: "issue-create",
  clientKey,
  title,
  description: null,
});
const conflict: SiteFailure = {
  reason: "conflict",
  status: 409,
  message: PROJECT_TEXTS.notInProgress,
  at: "2026-11-25T11:00:00.000Z",
};

describe("enqueue", () => {
  it("keeps the order of the actions and the last tick of a task", () => {
    const list = queue(entry(tick("a", true)), entry(tick("b", true)), entry(tick("a", false)));
    expect(list.map((e) => (e.op.type === "tick" ? `${e.op.taskId}:${e.op.isDone}` : ""))).toEqual([
      "b:true",
      "a:false",
    ]);
    expect(list.map((e) => e.seq)).toEqual([...list.map((e) => e.seq)].sort((x, y) => x - y));
  });

  it("never merges into the entry being sent, nor into a refused one", () => {
    const sending = entry(tick("a", true));
    const refused = entry(tick("b", true), { failure: conflict });
    const list = enqueue(
      enqueue([sending, refused], entry(tick("a", false)), sending.seq),
      entry(tick("b", false)),
      null,
    );
    expect(list).toHaveLength(4);
  });

  it("folds an edit of an imprévu made offline into its creation, still waiting", () => {
    const made = entry(create("k1", "Fuite"));
    const list = enqueue(
      [made],
      entry({
        type: "issue-update",
        issue: { id: null, clientKey: "k1" },
        title: "Fuite sous évier",
        description: "Joint HS",
      }),
      null,
    );
    expect(list).toHaveLength(1);
    expect(list[0]?.op).toEqual({
      type: "issue-create",
      clientKey: "k1",
      title: "Fuite sous évier",
      description: "Joint HS",
    });
    expect(list[0]?.seq).toBe(made.seq);
  });

  it("queues the edit after a creation on its way, and gives it the id the server answers", () => {
    const made = entry(create("k1", "Fuite"));
    const edit = entry({
      type: "issue-update",
      issue: { id: null, clientKey: "k1" },
      title: "Fuite 2",
      description: null,
    });
    const other = entry({
      type: "issue-update",
      issue: { id: "i9", clientKey: null },
      title: "Autre",
      description: null,
    });
    const list = enqueue(enqueue([made], edit, made.seq), other, made.seq);
    expect(list).toHaveLength(3);
    const after = settleSent(list, made.seq, "i1");
    expect(after.map((e) => e.op)).toEqual([
      { type: "issue-update", issue: { id: "i1", clientKey: "k1" }, title: "Fuite 2", description: null },
      other.op,
    ]);
  });

  it("deleting an imprévu made offline removes it with its edits: nothing to send", () => {
    const before = entry(tick("a", true));
    const list = queue(
      before,
      entry(create("k1", "Fuite")),
      entry({ type: "issue-delete", issue: { id: null, clientKey: "k1" }, title: "Fuite" }),
    );
    expect(list).toEqual([before]);
  });

  it("deleting a known imprévu drops its waiting edits and sends the deletion", () => {
    const ref = { id: "i1", clientKey: null };
    const list = queue(
      entry({ type: "issue-update", issue: ref, title: "A", description: null }),
      entry({ type: "issue-update", issue: ref, title: "B", description: null }),
      entry({ type: "issue-delete", issue: ref, title: "B" }),
    );
    expect(list.map((e) => e.op.type)).toEqual(["issue-delete"]);
  });

  it("a photo taken offline and deleted before it was sent is never sent", () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const list = queue(
      entry({ type: "photo-add", clientKey: "p1", filename: "a.jpg", bytes, mime: "image/jpeg" }),
      entry({ type: "photo-delete", photo: { id: null, clientKey: "p1" }, filename: "a.jpg" }),
    );
    expect(list).toEqual([]);
  });
});

describe("sending", () => {
  it("sends the user's first waiting entry, all worksites together", () => {
    const other = entry(tick("x", true), { userId: "someone-else" });
    const refused = entry(tick("y", true), { failure: conflict });
    const first = entry(tick("a", true), { projectId: "another-worksite" });
    const second = entry(tick("b", true));
    expect(nextToSend([second, first, refused, other], USER)).toBe(first);
    expect(nextToSend([other], USER)).toBeNull();
  });

  it("a refused creation takes its later edits with it; « Réessayer » and « Retirer » act on them together", () => {
    const made = entry(create("k1", "Fuite"));
    const edit = entry({
      type: "issue-update",
      issue: { id: null, clientKey: "k1" },
      title: "Fuite",
      description: "x",
    });
    const unrelated = entry(tick("a", true));
    const failed = settleFailed([made, edit, unrelated], made.seq, conflict);
    expect(failed.map((e) => e.failure?.reason ?? null)).toEqual(["conflict", "conflict", null]);
    expect(entriesOf(failed, USER, PROJECT)).toMatchObject({ pending: [unrelated] });
    expect(retryEntry(failed, made.seq).map((e) => e.failure)).toEqual([null, null, null]);
    expect(discardEntry(failed, made.seq)).toEqual([unrelated]);
  });
});

describe("classifyFailure", () => {
  const api = (status: number, message = "Message du serveur") => new ApiError(message, status, "", { error: message });
  const tickOp = tick("a", true);

  it("keeps what could not reach the server, or that the server could not take now", () => {
    expect(classifyFailure(tickOp, api(0))).toEqual({ kind: "retry", offline: true });
    for (const status of [401, 408, 429, 500, 502, 503])
      expect(classifyFailure(tickOp, api(status))).toEqual({ kind: "retry", offline: false });
  });

  it("refuses for good, with the server's reason: a worksite no longer in progress, deleted, invalid", () => {
    expect(classifyFailure(tickOp, api(409, PROJECT_TEXTS.notInProgress))).toEqual({
      kind: "failed",
      reason: "conflict",
      status: 409,
      message: PROJECT_TEXTS.notInProgress,
    });
    expect(classifyFailure(tickOp, api(404, PROJECT_TEXTS.taskNotFound))).toMatchObject({ reason: "not-found" });
    expect(classifyFailure(tickOp, api(400, PROJECT_TEXTS.issueTitleRequired))).toMatchObject({ reason: "invalid" });
    expect(classifyFailure(tickOp, api(403))).toMatchObject({ reason: "forbidden" });
    expect(classifyFailure(tickOp, api(413, "Error 413: Payload Too Large"))).toMatchObject({ message: "HTTP 413" });
  });

  it("takes a deletion of what is already gone as done", () => {
    expect(
      classifyFailure({ type: "issue-delete", issue: { id: "i", clientKey: null }, title: "x" }, api(404)),
    ).toEqual({
      kind: "done",
    });
    expect(
      classifyFailure({ type: "photo-delete", photo: { id: "p", clientKey: null }, filename: null }, api(404)),
    ).toEqual({
      kind: "done",
    });
  });
});

describe("overlay", () => {
  const task = (id: string, isDone: boolean): ProjectTask => ({
    id,
    position: 1,
    label: id,
    is_done: isDone,
    done_at: null,
    done_by_name: null,
    estimated_hours: 4,
    unit_price: null,
    quantity: 1,
  });
  const issue = (id: string, title: string, createdAt: string, clientKey: string | null = null): ProjectIssue => ({
    id,
    project_id: PROJECT,
    title,
    description: null,
    client_key: clientKey,
    created_by_name: "Marc Petit",
    created_at: createdAt,
    updated_at: createdAt,
  });

  it("shows the waiting ticks over the server's tasks", () => {
    const tasks = overlayTasks(
      [task("a", false), task("b", true)],
      [entry(tick("a", true)), entry(tick("b", false), { failure: conflict })],
      PROJECT,
    );
    expect(tasks.map((t) => [t.id, t.is_done, t.pending])).toEqual([
      ["a", true, true],
      ["b", true, false],
    ]);
  });

  it("shows imprévus made, edited and deleted here, newest first, each once", () => {
    const server = [
      issue("i1", "Ancien", "2026-11-24T08:00:00.000Z"),
      issue("i2", "Déjà reçu", "2026-11-25T09:00:00.000Z", "k2"),
    ];
    const list = overlayIssues(
      server,
      [
        entry(create("k1", "Nouveau")),
        entry(create("k2", "Déjà reçu")),
        entry({
          type: "issue-update",
          issue: { id: "i1", clientKey: null },
          title: "Ancien modifié",
          description: null,
        }),
      ],
      PROJECT,
    );
    expect(list.map((i) => [i.title, i.pending, i.created_by_name])).toEqual([
      ["Nouveau", true, "Julien Moreau"],
      ["Déjà reçu", false, "Marc Petit"],
      ["Ancien modifié", true, "Marc Petit"],
    ]);
    const deleted = overlayIssues(
      server,
      [entry({ type: "issue-delete", issue: { id: "i2", clientKey: "k2" }, title: "x" })],
      PROJECT,
    );
    expect(deleted.map((i) => i.title)).toEqual(["Ancien"]);
  });

  it("shows a photo not sent from its local image", () => {
    const bytes = new Uint8Array([1]).buffer;
    const list = overlayPhotos(
      [],
      [entry({ type: "photo-add", clientKey: "p1", filename: "a.jpg", bytes, mime: "image/jpeg" })],
      PROJECT,
      (key) => `blob:${key}`,
    );
    expect(list).toMatchObject([{ key: "local-p1", thumbnailUrl: "blob:p1", pending: true, filename: "a.jpg" }]);
  });
});
