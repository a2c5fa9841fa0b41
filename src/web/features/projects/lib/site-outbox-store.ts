import type { SentAnswer } from "../api/site-execution";
import type { SiteStorage } from "./site-db";
import {
  classifyFailure,
  discardEntry,
  enqueue,
  nextToSend,
  retryEntry,
  type SiteDraft,
  type SiteEntry,
  type SiteFailure,
  settleFailed,
  settleSent,
} from "./site-outbox";

/**
 * The site outbox kept and sent (docs/domain/projects.md#offline-on-site): the queue of `site-outbox.ts`
 * in memory for the screen, in IndexedDB for a reload, sent one entry at a time in order — stopped by
 * the first entry that cannot reach the server, taken up again when the connection returns.
 */

export interface SiteOutboxState {
  /** The stored entries have been read. */
  loaded: boolean;
  /** Every entry, all users and worksites, in order. */
  entries: readonly SiteEntry[];
  /** The entry on its way to the server. */
  sendingSeq: number | null;
  /** The browser says it is online. */
  online: boolean;
  /**
   * Why the queue stopped with entries waiting: the network (`offline`: no connection, or a request
   * that never reached the server) or the server (`server`: 5xx, session to renew); null when not stopped.
   */
  stalled: "offline" | "server" | null;
}

/** What became of an entry sent: taken (with the server's answer; none for a deletion already done), or refused. */
export type SiteSettlement = { kind: "sent"; answer: SentAnswer | null } | { kind: "failed"; failure: SiteFailure };

export interface SiteOutboxOptions {
  storage: SiteStorage;
  send: (entry: SiteEntry) => Promise<SentAnswer>;
  /** The signed-in user: only his entries are sent (with his session). */
  currentUserId: () => string | null;
  isOnline?: () => boolean;
  now?: () => Date;
}

export type SiteOutbox = ReturnType<typeof createSiteOutbox>;

const browserOnline = () => typeof navigator === "undefined" || navigator.onLine !== false;

export function createSiteOutbox({
  storage,
  send,
  currentUserId,
  isOnline = browserOnline,
  now = () => new Date(),
}: SiteOutboxOptions) {
  let state: SiteOutboxState = { loaded: false, entries: [], sendingSeq: null, online: isOnline(), stalled: null };
  const listeners = new Set<() => void>();
  const settledListeners = new Set<(entry: SiteEntry, settlement: SiteSettlement) => void>();
  let loading: Promise<void> | null = null;
  let flushing: Promise<void> | null = null;
  let again = false;

  function set(patch: Partial<SiteOutboxState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  /** Takes the new queue in memory at once, then in IndexedDB: what changed, what left. */
  async function apply(before: readonly SiteEntry[], next: SiteEntry[]) {
    set({ entries: next });
    const previous = new Map(before.map((e) => [e.seq, e]));
    const kept = new Set(next.map((e) => e.seq));
    const put = next.filter((e) => previous.get(e.seq) !== e);
    const remove = before.filter((e) => !kept.has(e.seq)).map((e) => e.seq);
    await storage.writeEntries(put, remove);
  }

  function load(): Promise<void> {
    loading ??= storage.listEntries().then((stored) => {
      const known = new Set(state.entries.map((e) => e.seq));
      const entries = [...state.entries, ...stored.filter((e) => !known.has(e.seq))].sort((a, b) => a.seq - b.seq);
      set({ loaded: true, entries });
    });
    return loading;
  }

  function settled(entry: SiteEntry, settlement: SiteSettlement) {
    for (const listener of settledListeners) listener(entry, settlement);
  }

  async function drain() {
    for (;;) {
      const userId = currentUserId();
      const next = userId ? nextToSend(state.entries, userId) : null;
      if (!next) {
        set({ stalled: null });
        return;
      }
      if (!isOnline()) {
        set({ stalled: "offline", online: false });
        return;
      }
      set({ sendingSeq: next.seq });
      let answer: SentAnswer;
      try {
        answer = await send(next);
      } catch (error) {
        const outcome = classifyFailure(next.op, error);
        if (outcome.kind === "retry") {
          set({ sendingSeq: null, stalled: outcome.offline ? "offline" : "server" });
          return;
        }
        set({ sendingSeq: null });
        if (outcome.kind === "done") {
          await apply(state.entries, settleSent(state.entries, next.seq));
          settled(next, { kind: "sent", answer: null });
        } else {
          const failure: SiteFailure = {
            reason: outcome.reason,
            status: outcome.status,
            message: outcome.message,
            at: now().toISOString(),
          };
          await apply(state.entries, settleFailed(state.entries, next.seq, failure));
          settled(next, { kind: "failed", failure });
        }
        continue;
      }
      set({ sendingSeq: null, stalled: null, online: true });
      const createdId =
        answer.type === "issue-create" ? answer.issue.id : answer.type === "photo-add" ? answer.photo.id : null;
      await apply(state.entries, settleSent(state.entries, next.seq, createdId));
      settled(next, { kind: "sent", answer });
    }
  }

  /** Sends what waits, in order, until the queue is empty or an entry cannot reach the server. */
  function flush(): Promise<void> {
    // Asked while sending: one more pass once this one ends (an entry added as the last one was sent).
    again = flushing !== null;
    flushing ??= (async () => {
      try {
        await load();
        do {
          again = false;
          await drain();
        } while (again);
      } catch (error) {
        // A storage failure: stopped, tried again by the next trigger.
        console.error("Synchronisation du chantier interrompue", error);
        set({ sendingSeq: null, stalled: "server" });
      }
    })().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Called for each entry the server took or refused. */
    onSettled(listener: (entry: SiteEntry, settlement: SiteSettlement) => void) {
      settledListeners.add(listener);
      return () => {
        settledListeners.delete(listener);
      };
    },
    load,

    /**
     * Queues an action (stored before it is shown), merged with what still waits; then tries to send.
     * `queued` learns the entry before it is sent.
     */
    async add(draft: SiteDraft, queued?: (entry: SiteEntry) => void): Promise<SiteEntry> {
      await load();
      const seq = await storage.addEntry({ ...draft, failure: null });
      const entry: SiteEntry = { ...draft, seq, failure: null };
      const before = [...state.entries, entry];
      await apply(before, enqueue(state.entries, entry, state.sendingSeq));
      queued?.(entry);
      void flush();
      return entry;
    },

    /** « Réessayer » a refused entry (and what depended on it). */
    async retry(seq: number) {
      await load();
      await apply(state.entries, retryEntry(state.entries, seq));
      void flush();
    },

    /** « Retirer » a refused (or waiting) entry. */
    async discard(seq: number) {
      await load();
      if (seq === state.sendingSeq) return;
      await apply(state.entries, discardEntry(state.entries, seq));
    },

    flush,

    /** The browser's connection changed (the `online` / `offline` events). */
    setOnline(online: boolean) {
      set({ online, stalled: online ? state.stalled : "offline" });
    },
  };
}

/**
 * Sends again when it may work: the connection returns (`online`), the user comes back to the app
 * (focus, visible again), and every `intervalMs` while entries wait (a network that came back without
 * an `online` event, a server that failed). Returns the function that stops watching.
 */
export function watchConnection(outbox: SiteOutbox, intervalMs = 15_000): () => void {
  const kick = () => void outbox.flush();
  const online = () => {
    outbox.setOnline(true);
    kick();
  };
  const offline = () => outbox.setOnline(false);
  const visible = () => {
    if (document.visibilityState === "visible") kick();
  };
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  window.addEventListener("focus", kick);
  document.addEventListener("visibilitychange", visible);
  const timer = setInterval(() => {
    const { entries, stalled } = outbox.getState();
    if (stalled !== null || entries.some((e) => e.failure === null)) kick();
  }, intervalMs);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
    window.removeEventListener("focus", kick);
    document.removeEventListener("visibilitychange", visible);
    clearInterval(timer);
  };
}
