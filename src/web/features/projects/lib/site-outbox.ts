import type { ProjectIssue, ProjectPhoto, ProjectTask } from "@shared/projects";
import { isApiError } from "@web/lib/api-client";

/**
 * The site outbox (docs/domain/projects.md#offline-on-site): what the team does in « Mode chantier »
 * — ticks, imprévus, photos — is written here first, shown at once, and sent to the server in order.
 * This module is its pure logic (no IndexedDB, no fetch): how an action joins the queue (merged with
 * one not sent yet), what is sent next, what an answer or a failure does to the queue, and what the
 * screen shows over the server's data meanwhile. `site-outbox-store.ts` keeps it in IndexedDB and
 * sends it.
 */

/**
 * An imprévu or a photo as an entry names it: the server's id once known, and the key the phone gave
 * one made here (`client_key`, sent with its creation so that a replay never makes a second one).
 */
export interface SiteRef {
  id: string | null;
  clientKey: string | null;
}

export type SiteOp =
  | { type: "tick"; taskId: string; isDone: boolean; label: string }
  | { type: "issue-create"; clientKey: string; title: string; description: string | null }
  | { type: "issue-update"; issue: SiteRef; title: string; description: string | null }
  | { type: "issue-delete"; issue: SiteRef; title: string }
  | {
      type: "photo-add";
      clientKey: string;
      filename: string;
      /** The image as bytes (a Blob is not stored by every browser's IndexedDB), and its type. */
      bytes: ArrayBuffer;
      mime: string;
    }
  | { type: "photo-delete"; photo: SiteRef; filename: string | null };

export type SiteOpType = SiteOp["type"];

/** Why the server refused an entry for good: shown in « Non envoyé », never dropped silently. */
export type SiteFailureReason = "conflict" | "not-found" | "invalid" | "forbidden";

export interface SiteFailure {
  reason: SiteFailureReason;
  status: number;
  /** The server's French message (« Ce chantier n'est pas en cours d'exécution »…). */
  message: string;
  at: string;
}

export interface SiteEntry {
  /** The order of the actions (IndexedDB's key): entries are sent by increasing `seq`. */
  seq: number;
  /** The signed-in user who acted: only his entries are sent with his session. */
  userId: string;
  projectId: string;
  op: SiteOp;
  /** When the action was made on the phone (an imprévu made offline shows it until sent). */
  createdAt: string;
  /** Who acted (« par {creator} » of an imprévu made offline). */
  createdByName: string | null;
  /** null while it waits to be sent; the refusal once the server said no for good. */
  failure: SiteFailure | null;
}

/** An action as the screen makes it, before it has its place in the queue. */
export type SiteDraft = Omit<SiteEntry, "seq" | "failure">;

const sameRef = (a: SiteRef, b: SiteRef): boolean =>
  (a.id !== null && a.id === b.id) || (a.clientKey !== null && a.clientKey === b.clientKey);

/** The imprévu or photo an entry acts upon, if any. */
export function refOf(op: SiteOp): SiteRef | null {
  switch (op.type) {
    case "issue-create":
    case "photo-add":
      return { id: null, clientKey: op.clientKey };
    case "issue-update":
    case "issue-delete":
      return op.issue;
    case "photo-delete":
      return op.photo;
    default:
      return null;
  }
}

const isIssueOp = (op: SiteOp) => op.type.startsWith("issue-");
const isPhotoOp = (op: SiteOp) => op.type.startsWith("photo-");
const sameKind = (a: SiteOp, b: SiteOp) => (isIssueOp(a) && isIssueOp(b)) || (isPhotoOp(a) && isPhotoOp(b));

/**
 * Whether `entry` depends on the creation `create` (an imprévu or photo made on the phone and not yet
 * known by its id): an edit or a deletion of it, made later.
 */
function dependsOn(entry: SiteEntry, create: SiteEntry): boolean {
  if (create.op.type !== "issue-create" && create.op.type !== "photo-add") return false;
  if (entry.seq <= create.seq || !sameKind(entry.op, create.op)) return false;
  const ref = refOf(entry.op);
  return ref !== null && ref.id === null && ref.clientKey === create.op.clientKey;
}

/**
 * Adds an action to the queue, merged with what is still waiting (never with the entry being sent,
 * `busySeq`, nor with a refused one):
 * - a tick replaces a waiting tick of the same task (the last one is what the team meant);
 * - an edit of an imprévu made offline and not sent yet rewrites its creation; another edit replaces
 *   a waiting edit of the same imprévu;
 * - deleting an imprévu (or a photo) made offline and not sent yet removes its creation and its edits:
 *   nothing goes to the server; otherwise its waiting edits go and the deletion is queued.
 * Returns the queue, in order.
 */
export function enqueue(entries: readonly SiteEntry[], entry: SiteEntry, busySeq: number | null): SiteEntry[] {
  const open = (e: SiteEntry) =>
    e.failure === null && e.seq !== busySeq && e.projectId === entry.projectId && e.userId === entry.userId;
  const { op } = entry;
  switch (op.type) {
    case "tick":
      return [...entries.filter((e) => !(open(e) && e.op.type === "tick" && e.op.taskId === op.taskId)), entry];
    case "issue-update": {
      const create = entries.find(
        (e) => open(e) && e.op.type === "issue-create" && op.issue.id === null && e.op.clientKey === op.issue.clientKey,
      );
      if (create && create.op.type === "issue-create") {
        const merged: SiteEntry = { ...create, op: { ...create.op, title: op.title, description: op.description } };
        return entries.map((e) => (e === create ? merged : e));
      }
      return [
        ...entries.filter((e) => !(open(e) && e.op.type === "issue-update" && sameRef(e.op.issue, op.issue))),
        entry,
      ];
    }
    case "issue-delete":
    case "photo-delete": {
      const ref = op.type === "issue-delete" ? op.issue : op.photo;
      const createType = op.type === "issue-delete" ? "issue-create" : "photo-add";
      const create = entries.find(
        (e) =>
          open(e) &&
          e.op.type === createType &&
          (e.op.type === "issue-create" || e.op.type === "photo-add") &&
          e.op.clientKey === ref.clientKey,
      );
      if (create) {
        // Made here and never sent: it and what follows it vanish, nothing to tell the server.
        return entries.filter((e) => e !== create && !(open(e) && dependsOn(e, create)));
      }
      const earlier = (e: SiteEntry) => {
        const other = refOf(e.op);
        return open(e) && sameKind(e.op, op) && e.op.type !== createType && other !== null && sameRef(other, ref);
      };
      return [...entries.filter((e) => !earlier(e)), entry];
    }
    default:
      return [...entries, entry];
  }
}

/** The next entry to send: the first waiting one of this user, all worksites together, in order. */
export function nextToSend(entries: readonly SiteEntry[], userId: string): SiteEntry | null {
  let next: SiteEntry | null = null;
  for (const e of entries) if (e.failure === null && e.userId === userId && (!next || e.seq < next.seq)) next = e;
  return next;
}

/**
 * The server took the entry: it leaves the queue. The id it gave an imprévu or photo made here is
 * written into the later entries that named it by its key alone, so that they reach it.
 */
export function settleSent(entries: readonly SiteEntry[], seq: number, createdId: string | null = null): SiteEntry[] {
  const sent = entries.find((e) => e.seq === seq);
  const rest = entries.filter((e) => e.seq !== seq);
  if (!sent || createdId === null) return rest;
  return rest.map((e) => {
    if (!dependsOn(e, sent)) return e;
    const ref = { id: createdId, clientKey: (refOf(e.op) as SiteRef).clientKey };
    if (e.op.type === "issue-update" || e.op.type === "issue-delete") return { ...e, op: { ...e.op, issue: ref } };
    if (e.op.type === "photo-delete") return { ...e, op: { ...e.op, photo: ref } };
    return e;
  });
}

/**
 * The server refused the entry for good: it stays, with the reason, for the user to see (« Non envoyé »).
 * The edits and deletions of an imprévu whose creation was refused are refused with it.
 */
export function settleFailed(entries: readonly SiteEntry[], seq: number, failure: SiteFailure): SiteEntry[] {
  const failed = entries.find((e) => e.seq === seq);
  if (!failed) return [...entries];
  return entries.map((e) => (e === failed || (e.failure === null && dependsOn(e, failed)) ? { ...e, failure } : e));
}

/** « Réessayer »: the entry (and what depended on it) waits to be sent again, at its place in the order. */
export function retryEntry(entries: readonly SiteEntry[], seq: number): SiteEntry[] {
  const entry = entries.find((e) => e.seq === seq);
  if (!entry) return [...entries];
  return entries.map((e) => (e === entry || (e.failure !== null && dependsOn(e, entry)) ? { ...e, failure: null } : e));
}

/** « Retirer »: the user gives the entry up (and what depended on it). */
export function discardEntry(entries: readonly SiteEntry[], seq: number): SiteEntry[] {
  const entry = entries.find((e) => e.seq === seq);
  if (!entry) return [...entries];
  return entries.filter((e) => e !== entry && !dependsOn(e, entry));
}

/** What to do after a failed send. */
export type SendOutcome =
  | { kind: "done" }
  | { kind: "retry"; offline: boolean }
  | { kind: "failed"; reason: SiteFailureReason; status: number; message: string };

/** Said when the server gave no usable reason. */
export const UNKNOWN_FAILURE = "Erreur inconnue";

/**
 * A failed send, classified:
 * - no network (status 0), a session to renew (401), a busy or failing server (408, 425, 429, 5xx):
 *   kept, sent again later, in order;
 * - a deletion of what is already gone (404): done;
 * - a refusal (409: the worksite was finished, paused or cancelled meanwhile; 404: it, the task or the
 *   imprévu was deleted; 400, 413, 415, 422: invalid; 403): refused for good, shown to the user.
 */
export function classifyFailure(op: SiteOp, error: unknown): SendOutcome {
  if (!isApiError(error)) {
    if (error instanceof DOMException && error.name === "AbortError") return { kind: "retry", offline: false };
    return { kind: "failed", reason: "invalid", status: 0, message: UNKNOWN_FAILURE };
  }
  const { status } = error;
  if (status === 0) return { kind: "retry", offline: true };
  if (status === 401 || status === 408 || status === 425 || status === 429 || status >= 500)
    return { kind: "retry", offline: false };
  const message = error.message.trim() && !/^Error \d+/.test(error.message) ? error.message : `HTTP ${status}`;
  if (status === 404) {
    if (op.type === "issue-delete" || op.type === "photo-delete") return { kind: "done" };
    return { kind: "failed", reason: "not-found", status, message };
  }
  if (status === 409) return { kind: "failed", reason: "conflict", status, message };
  if (status === 403) return { kind: "failed", reason: "forbidden", status, message };
  return { kind: "failed", reason: "invalid", status, message };
}

/** The entries of a user for one worksite, waiting and refused. */
export function entriesOf(entries: readonly SiteEntry[], userId: string, projectId: string) {
  const mine = entries.filter((e) => e.userId === userId && e.projectId === projectId);
  return { pending: mine.filter((e) => e.failure === null), failed: mine.filter((e) => e.failure !== null) };
}

/** What an entry did, in words (the « Non envoyé » list). */
export function describeEntry(op: SiteOp): string {
  switch (op.type) {
    case "tick":
      return `${op.isDone ? "Tâche cochée" : "Tâche décochée"}\u00a0: ${op.label}`;
    case "issue-create":
      return `Imprévu ajouté\u00a0: ${op.title}`;
    case "issue-update":
      return `Imprévu modifié\u00a0: ${op.title}`;
    case "issue-delete":
      return `Imprévu supprimé\u00a0: ${op.title}`;
    case "photo-add":
      return `Photo ajoutée\u00a0: ${op.filename}`;
    case "photo-delete":
      return op.filename ? `Photo supprimée\u00a0: ${op.filename}` : "Photo supprimée";
  }
}

/** The reason of a refusal, in words. */
export function describeFailure(failure: SiteFailure): string {
  return failure.message || UNKNOWN_FAILURE;
}

// ---------------------------------------------------------------------------------------------
// What the screen shows: the server's data with the waiting entries applied over it.

export interface SiteTask extends ProjectTask {
  /** A tick waiting to be sent. */
  pending: boolean;
}

export interface SiteIssue {
  /** React's key: the server's id, or the phone's key of one made here. */
  key: string;
  ref: SiteRef;
  title: string;
  description: string | null;
  created_at: string;
  created_by_name: string | null;
  /** Made, edited or about to be deleted here, not yet sent. */
  pending: boolean;
}

export interface SitePhoto {
  key: string;
  ref: SiteRef;
  filename: string | null;
  /** The full image and its thumbnail (signed URLs), or the local image of a photo not sent yet. */
  fileUrl: string | null;
  thumbnailUrl: string | null;
  created_at: string;
  pending: boolean;
}

const waiting = (entries: readonly SiteEntry[], projectId: string) =>
  entries.filter((e) => e.failure === null && e.projectId === projectId).sort((a, b) => a.seq - b.seq);

/** The tasks with the waiting ticks applied. */
export function overlayTasks(
  tasks: readonly ProjectTask[],
  entries: readonly SiteEntry[],
  projectId: string,
): SiteTask[] {
  const ticks = new Map<string, boolean>();
  for (const e of waiting(entries, projectId)) if (e.op.type === "tick") ticks.set(e.op.taskId, e.op.isDone);
  return tasks.map((task) => {
    const tick = ticks.get(task.id);
    return tick === undefined ? { ...task, pending: false } : { ...task, is_done: tick, pending: true };
  });
}

/** The imprévus, newest first, with the waiting creations, edits and deletions applied. */
export function overlayIssues(
  issues: readonly ProjectIssue[],
  entries: readonly SiteEntry[],
  projectId: string,
): SiteIssue[] {
  let list: SiteIssue[] = issues.map((issue) => ({
    key: issue.id,
    ref: { id: issue.id, clientKey: issue.client_key },
    title: issue.title,
    description: issue.description,
    created_at: issue.created_at,
    created_by_name: issue.created_by_name,
    pending: false,
  }));
  for (const e of waiting(entries, projectId)) {
    const { op } = e;
    if (op.type === "issue-create") {
      // Already on the server (its answer was lost, or not yet taken in): shown once.
      if (list.some((i) => i.ref.clientKey === op.clientKey)) continue;
      list.push({
        key: `local-${op.clientKey}`,
        ref: { id: null, clientKey: op.clientKey },
        title: op.title,
        description: op.description,
        created_at: e.createdAt,
        created_by_name: e.createdByName,
        pending: true,
      });
    } else if (op.type === "issue-update") {
      list = list.map((i) =>
        sameRef(i.ref, op.issue) ? { ...i, title: op.title, description: op.description, pending: true } : i,
      );
    } else if (op.type === "issue-delete") {
      list = list.filter((i) => !sameRef(i.ref, op.issue));
    }
  }
  return list.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/**
 * The photos, oldest first, with the waiting additions (shown from their local image: `localUrl`
 * gives the object URL of an entry's bytes) and deletions applied.
 */
export function overlayPhotos(
  photos: readonly ProjectPhoto[],
  entries: readonly SiteEntry[],
  projectId: string,
  localUrl: (clientKey: string) => string | null,
): SitePhoto[] {
  let list: SitePhoto[] = photos.map((photo) => ({
    key: photo.id,
    ref: { id: photo.id, clientKey: photo.client_key },
    filename: photo.filename,
    fileUrl: photo.file_url,
    thumbnailUrl: photo.thumbnail_url,
    created_at: photo.created_at,
    pending: false,
  }));
  for (const e of waiting(entries, projectId)) {
    const { op } = e;
    if (op.type === "photo-add") {
      if (list.some((p) => p.ref.clientKey === op.clientKey)) continue;
      const url = localUrl(op.clientKey);
      list.push({
        key: `local-${op.clientKey}`,
        ref: { id: null, clientKey: op.clientKey },
        filename: op.filename,
        fileUrl: url,
        thumbnailUrl: url,
        created_at: e.createdAt,
        pending: true,
      });
    } else if (op.type === "photo-delete") {
      list = list.filter((p) => !sameRef(p.ref, op.photo));
    }
  }
  return list;
}
