import { PROJECT_TEXTS } from "@shared/project-rules";
import type { ProjectDetail, ProjectIssues, ProjectPhotos, ProjectTaskDetail } from "@shared/projects";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api-client";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import { projectKeys } from "../api/project-keys";
import { type SentAnswer, sendSiteEntry } from "../api/site-execution";
import { siteStorage } from "../lib/site-db";
import { entriesOf, type SiteEntry, type SiteOp } from "../lib/site-outbox";
import { createSiteOutbox, type SiteOutbox, type SiteSettlement, watchConnection } from "../lib/site-outbox-store";
import { SITE_TEXTS, syncedLabel } from "../lib/site-texts";
import { keepThumbnails } from "../lib/site-thumbs";
import { storedUser } from "../lib/site-user";

let instance: { outbox: SiteOutbox; stop: () => void } | null = null;

/**
 * The app's one site outbox, made when « Mode chantier » first opens; from then on it sends what waits
 * whenever the connection returns, whichever screen is shown (docs/domain/projects.md#offline-on-site).
 */
export function siteOutbox(): SiteOutbox {
  if (!instance) {
    const outbox = createSiteOutbox({
      storage: siteStorage(),
      send: sendSiteEntry,
      currentUserId: () => storedUser()?.id ?? null,
    });
    instance = { outbox, stop: watchConnection(outbox) };
  }
  return instance.outbox;
}

/** Tests: forget the outbox (and stop watching the connection). */
export function resetSiteOutbox(): void {
  instance?.stop();
  instance = null;
}

/** Snapshot keys: one user's copy of a worksite (a shared phone never shows another's). */
export const snapshotKey = (kind: "detail" | "issues" | "photos", projectId: string) =>
  `${storedUser()?.id ?? "?"}:${kind}:${projectId}`;

function persist(queryClient: QueryClient, kind: "detail" | "issues" | "photos", projectId: string) {
  const key = kind === "detail" ? projectKeys.detail(projectId) : projectKeys[kind](projectId);
  const data = queryClient.getQueryData(key);
  if (data !== undefined)
    void siteStorage()
      .writeSnapshot(snapshotKey(kind, projectId), data)
      .catch(() => {});
}

/** A task as its PUT answered, in the worksite's detail (its figures recomputed). */
function withTask(detail: ProjectDetail, task: ProjectTaskDetail): ProjectDetail {
  const tasks = detail.tasks.map((t) =>
    t.id === task.id ? { ...t, is_done: task.is_done, done_at: task.done_at, done_by_name: task.done_by_name } : t,
  );
  const done = tasks.filter((t) => t.is_done).length;
  const progress = tasks.length > 0 ? Math.round((done / tasks.length) * 100) : 0;
  return { ...detail, tasks, done_count: done, progress };
}

/** What the server answered, written into the cached worksite, imprévus and photos (and their copies). */
function takeAnswer(queryClient: QueryClient, entry: SiteEntry, answer: SentAnswer | null) {
  const { projectId, op } = entry;
  const issues = (update: (list: ProjectIssues["data"]) => ProjectIssues["data"]) => {
    queryClient.setQueryData<ProjectIssues>(projectKeys.issues(projectId), (old) =>
      old ? { data: update(old.data) } : old,
    );
    const count = queryClient.getQueryData<ProjectIssues>(projectKeys.issues(projectId))?.data.length;
    if (count !== undefined)
      queryClient.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (d) =>
        d ? { ...d, issue_count: count } : d,
      );
    persist(queryClient, "issues", projectId);
    persist(queryClient, "detail", projectId);
  };
  const photos = (update: (list: ProjectPhotos["data"]) => ProjectPhotos["data"]) => {
    queryClient.setQueryData<ProjectPhotos>(projectKeys.photos(projectId), (old) =>
      old ? { data: update(old.data) } : old,
    );
    persist(queryClient, "photos", projectId);
    const list = queryClient.getQueryData<ProjectPhotos>(projectKeys.photos(projectId));
    if (list) void keepThumbnails(projectId, list);
  };
  if (answer === null) {
    // A deletion of what was already gone.
    if (op.type === "issue-delete" && op.issue.id) issues((list) => list.filter((i) => i.id !== op.issue.id));
    if (op.type === "photo-delete" && op.photo.id) photos((list) => list.filter((p) => p.id !== op.photo.id));
    return;
  }
  switch (answer.type) {
    case "tick":
      queryClient.setQueryData<ProjectDetail>(projectKeys.detail(projectId), (d) => (d ? withTask(d, answer.task) : d));
      persist(queryClient, "detail", projectId);
      return;
    case "issue-create":
      issues((list) => [answer.issue, ...list.filter((i) => i.id !== answer.issue.id)]);
      return;
    case "issue-update":
      issues((list) => list.map((i) => (i.id === answer.issue.id ? answer.issue : i)));
      return;
    case "issue-delete":
      issues((list) => list.filter((i) => i.id !== answer.id));
      return;
    case "photo-add":
      photos((list) => [...list.filter((p) => p.id !== answer.photo.id), answer.photo]);
      return;
    case "photo-delete":
      photos((list) => list.filter((p) => p.id !== answer.id));
      return;
  }
}

const following = new WeakMap<SiteOutbox, WeakSet<QueryClient>>();

/**
 * Writes each answer into the query cache, for as long as the app runs (the outbox goes on sending
 * after « Mode chantier » is left): the worksite's screens then show what the server holds.
 */
function followAnswers(outbox: SiteOutbox, queryClient: QueryClient) {
  const clients = following.get(outbox) ?? new WeakSet<QueryClient>();
  following.set(outbox, clients);
  if (clients.has(queryClient)) return;
  clients.add(queryClient);
  outbox.onSettled((entry, settlement) => {
    if (settlement.kind === "sent") takeAnswer(queryClient, entry, settlement.answer);
    const left = outbox.getState().entries.some((e) => e.failure === null && e.projectId === entry.projectId);
    // The worksite as the server has it now (its figures, what others did meanwhile), and the lists
    // that show it; its imprévus and photos took the answers above.
    if (!left) {
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(entry.projectId) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    }
  });
}

const SUCCESS: Record<SiteOp["type"], string> = {
  tick: PROJECT_TEXTS.taskUpdated,
  "issue-create": PROJECT_TEXTS.issueAdded,
  "issue-update": PROJECT_TEXTS.issueUpdated,
  "issue-delete": PROJECT_TEXTS.issueDeleted,
  "photo-add": PROJECT_TEXTS.photoAdded,
  "photo-delete": PROJECT_TEXTS.photoDeleted,
};

/** The spec's failure toasts (§8): « Erreur lors de la mise à jour : », « Erreur : », « Erreur lors de l'upload : ». */
const FAILURE: Record<SiteOp["type"], string> = {
  tick: PROJECT_TEXTS.updateFailed,
  "issue-create": "Erreur",
  "issue-update": "Erreur",
  "issue-delete": "Erreur",
  "photo-add": "Erreur lors de l'upload",
  "photo-delete": "Erreur",
};

/**
 * Entries sent at once, while the phone was connected: each gets the spec's toast (« Tâche mise à
 * jour »…). Those that waited are told together when they leave (« 2 actions envoyées »).
 */
const immediate = new Set<number>();

/** Object URLs of the photos waiting to be sent, made once per photo and revoked once it has left. */
function useLocalPhotoUrls(pending: readonly SiteEntry[]): (clientKey: string) => string | null {
  const urls = useRef(new Map<string, string>());
  const current = useMemo(() => {
    const map = urls.current;
    for (const e of pending) {
      if (e.op.type !== "photo-add" || map.has(e.op.clientKey)) continue;
      map.set(e.op.clientKey, URL.createObjectURL(new Blob([e.op.bytes], { type: e.op.mime })));
    }
    return new Map(map);
  }, [pending]);
  useEffect(() => {
    const keep = new Set(pending.flatMap((e) => (e.op.type === "photo-add" ? [e.op.clientKey] : [])));
    // A photo sent keeps its local image a moment: the server's thumbnail replaces it meanwhile.
    const timer = setTimeout(() => {
      for (const [key, url] of urls.current) {
        if (keep.has(key)) continue;
        URL.revokeObjectURL(url);
        urls.current.delete(key);
      }
    }, 60_000);
    return () => clearTimeout(timer);
  }, [pending]);
  useEffect(() => {
    const map = urls.current;
    return () => {
      for (const url of map.values()) URL.revokeObjectURL(url);
      map.clear();
    };
  }, []);
  return useCallback((key: string) => current.get(key) ?? null, [current]);
}

/**
 * « Mode chantier »'s outbox for one worksite: its waiting and refused entries, whether the phone is
 * connected, and the actions — each written to the phone first, shown at once, then sent in order.
 */
export function useSiteOutbox(projectId: string) {
  const outbox = siteOutbox();
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
  const user = storedUser();
  const userId = user?.id ?? "";
  const { pending, failed } = useMemo(
    () => entriesOf(state.entries, userId, projectId),
    [state.entries, userId, projectId],
  );
  const localPhotoUrl = useLocalPhotoUrls(pending);

  useEffect(() => {
    followAnswers(outbox, queryClient);
    void outbox.flush();
  }, [outbox, queryClient]);

  // The entries that waited, told in one toast once none is left.
  const batch = useRef(0);
  useEffect(
    () =>
      outbox.onSettled((entry: SiteEntry, settlement: SiteSettlement) => {
        const wasImmediate = immediate.delete(entry.seq);
        if (settlement.kind === "sent") {
          if (wasImmediate) toastSuccess(SUCCESS[entry.op.type]);
          else batch.current += 1;
        } else {
          toastFailure(
            FAILURE[entry.op.type],
            new ApiError(settlement.failure.message, settlement.failure.status, ""),
            settlement.failure.message,
          );
        }
        const waiting = outbox.getState().entries.filter((e) => e.failure === null && e.userId === entry.userId);
        if (waiting.length === 0 && batch.current > 0) {
          toastSuccess(SITE_TEXTS.synced, syncedLabel(batch.current));
          batch.current = 0;
        }
      }),
    [outbox],
  );

  const add = useCallback(
    async (op: SiteOp) => {
      if (!user) return;
      const { online, stalled } = outbox.getState();
      await outbox.add(
        { userId: user.id, projectId, op, createdAt: new Date().toISOString(), createdByName: user.name },
        (entry) => {
          if (online && stalled === null) immediate.add(entry.seq);
        },
      );
    },
    [outbox, projectId, user],
  );

  return {
    pending,
    failed,
    sending: state.sendingSeq !== null && pending.some((e) => e.seq === state.sendingSeq),
    /** No connection: the browser says so, or the last request could not reach the server. */
    offline: !state.online || state.stalled === "offline",
    serverBusy: state.stalled === "server",
    loaded: state.loaded,
    add,
    retry: (seq: number) => void outbox.retry(seq),
    discard: (seq: number) => void outbox.discard(seq),
    syncNow: () => void outbox.flush(),
    localPhotoUrl,
  };
}
