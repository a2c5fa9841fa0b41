import type { SiteEntry } from "./site-outbox";

/**
 * The phone's copy of « Mode chantier » (docs/domain/projects.md#offline-on-site), in IndexedDB: the
 * outbox (the actions not yet sent, surviving a reload), the last worksite, imprévus and photos list
 * loaded (to open the screen offline), and the thumbnails of the photos seen. A small hand-written
 * wrapper: three object stores, a few promises. Without IndexedDB (a browser that refuses it), the
 * same in memory: the screen works, nothing survives a reload.
 */

export const SITE_DB_NAME = "propulse-chantier";
const DB_VERSION = 1;
const OUTBOX = "outbox";
const SNAPSHOTS = "snapshots";
const THUMBS = "thumbs";

/** What was last loaded for a key (the worksite, its imprévus, its photos), and when. */
export interface Snapshot<T> {
  key: string;
  savedAt: string;
  data: T;
}

/** A photo's thumbnail kept for offline (its bytes: a signed URL expires, a Blob is not stored everywhere). */
export interface StoredThumb {
  key: string;
  bytes: ArrayBuffer;
  mime: string;
}

export interface SiteStorage {
  listEntries(): Promise<SiteEntry[]>;
  /** Stores a new entry; IndexedDB gives its `seq` (increasing: the order of the actions). */
  addEntry(entry: Omit<SiteEntry, "seq">): Promise<number>;
  /** Writes changed entries and removes others, in one transaction. */
  writeEntries(put: readonly SiteEntry[], remove: readonly number[]): Promise<void>;
  readSnapshot<T>(key: string): Promise<Snapshot<T> | null>;
  writeSnapshot<T>(key: string, data: T): Promise<void>;
  readThumb(key: string): Promise<StoredThumb | null>;
  writeThumb(thumb: StoredThumb): Promise<void>;
  thumbKeys(): Promise<string[]>;
  removeThumbs(keys: readonly string[]): Promise<void>;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException("Transaction annulée", "AbortError"));
  });
}

let connection: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  connection ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(SITE_DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: "seq", autoIncrement: true });
      if (!db.objectStoreNames.contains(SNAPSHOTS)) db.createObjectStore(SNAPSHOTS, { keyPath: "key" });
      if (!db.objectStoreNames.contains(THUMBS)) db.createObjectStore(THUMBS, { keyPath: "key" });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the schema (a newer app): let it, this one reopens when next asked.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new DOMException("Base locale bloquée par un autre onglet", "InvalidStateError"));
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

/** Closes the connection (tests start each case on a new database). */
export function closeSiteDb(): void {
  shared = null;
  const current = connection;
  connection = null;
  void current?.then((db) => db.close()).catch(() => {});
}

const indexedDbStorage: SiteStorage = {
  async listEntries() {
    const db = await open();
    return promised(db.transaction(OUTBOX).objectStore(OUTBOX).getAll() as IDBRequest<SiteEntry[]>);
  },
  async addEntry(entry) {
    const db = await open();
    const tx = db.transaction(OUTBOX, "readwrite");
    const key = promised(tx.objectStore(OUTBOX).add(entry));
    await done(tx);
    return Number(await key);
  },
  async writeEntries(put, remove) {
    if (put.length === 0 && remove.length === 0) return;
    const db = await open();
    const tx = db.transaction(OUTBOX, "readwrite");
    const store = tx.objectStore(OUTBOX);
    for (const seq of remove) store.delete(seq);
    for (const entry of put) store.put(entry);
    await done(tx);
  },
  async readSnapshot<T>(key: string) {
    const db = await open();
    const found = await promised(db.transaction(SNAPSHOTS).objectStore(SNAPSHOTS).get(key));
    return (found as Snapshot<T> | undefined) ?? null;
  },
  async writeSnapshot(key, data) {
    const db = await open();
    const tx = db.transaction(SNAPSHOTS, "readwrite");
    tx.objectStore(SNAPSHOTS).put({ key, savedAt: new Date().toISOString(), data });
    await done(tx);
  },
  async readThumb(key) {
    const db = await open();
    const found = await promised(db.transaction(THUMBS).objectStore(THUMBS).get(key));
    return (found as StoredThumb | undefined) ?? null;
  },
  async writeThumb(thumb) {
    const db = await open();
    const tx = db.transaction(THUMBS, "readwrite");
    tx.objectStore(THUMBS).put(thumb);
    await done(tx);
  },
  async thumbKeys() {
    const db = await open();
    const keys = await promised(db.transaction(THUMBS).objectStore(THUMBS).getAllKeys());
    return keys.map(String);
  },
  async removeThumbs(keys) {
    if (keys.length === 0) return;
    const db = await open();
    const tx = db.transaction(THUMBS, "readwrite");
    for (const key of keys) tx.objectStore(THUMBS).delete(key);
    await done(tx);
  },
};

/** The same in memory, for a browser without IndexedDB: nothing survives a reload. */
export function memoryStorage(): SiteStorage {
  const entries = new Map<number, SiteEntry>();
  const snapshots = new Map<string, Snapshot<unknown>>();
  const thumbs = new Map<string, StoredThumb>();
  let last = 0;
  return {
    listEntries: async () => [...entries.values()].sort((a, b) => a.seq - b.seq),
    addEntry: async (entry) => {
      last += 1;
      entries.set(last, { ...entry, seq: last });
      return last;
    },
    writeEntries: async (put, remove) => {
      for (const seq of remove) entries.delete(seq);
      for (const entry of put) entries.set(entry.seq, entry);
    },
    readSnapshot: async <T>(key: string) => (snapshots.get(key) as Snapshot<T> | undefined) ?? null,
    writeSnapshot: async (key, data) => {
      snapshots.set(key, { key, savedAt: new Date().toISOString(), data });
    },
    readThumb: async (key) => thumbs.get(key) ?? null,
    writeThumb: async (thumb) => {
      thumbs.set(thumb.key, thumb);
    },
    thumbKeys: async () => [...thumbs.keys()],
    removeThumbs: async (keys) => {
      for (const key of keys) thumbs.delete(key);
    },
  };
}

/**
 * The phone's storage, one for the app: IndexedDB when the browser has it, else memory; IndexedDB failing (a private window that refuses
 * it, a full disk) falls back to memory from then on, so that the screen keeps working.
 */
export function siteStorage(): SiteStorage {
  shared ??= makeStorage();
  return shared;
}

let shared: SiteStorage | null = null;

function makeStorage(): SiteStorage {
  if (typeof indexedDB === "undefined") return memoryStorage();
  const fallback = memoryStorage();
  let broken = false;
  const guard =
    <A extends unknown[], R>(
      name: string,
      primary: (...args: A) => Promise<R>,
      secondary: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      if (broken) return secondary(...args);
      try {
        return await primary(...args);
      } catch (error) {
        console.error(`Stockage local indisponible (${name})`, error);
        broken = true;
        return secondary(...args);
      }
    };
  const p = indexedDbStorage;
  const f = fallback;
  return {
    listEntries: guard("listEntries", p.listEntries, f.listEntries),
    addEntry: guard("addEntry", p.addEntry, f.addEntry),
    writeEntries: guard("writeEntries", p.writeEntries, f.writeEntries),
    readSnapshot: guard("readSnapshot", p.readSnapshot, f.readSnapshot) as SiteStorage["readSnapshot"],
    writeSnapshot: guard("writeSnapshot", p.writeSnapshot, f.writeSnapshot),
    readThumb: guard("readThumb", p.readThumb, f.readThumb),
    writeThumb: guard("writeThumb", p.writeThumb, f.writeThumb),
    thumbKeys: guard("thumbKeys", p.thumbKeys, f.thumbKeys),
    removeThumbs: guard("removeThumbs", p.removeThumbs, f.removeThumbs),
  };
}
