/**
 * Rendered documents, kept by the hash of everything they are made of: the same content always
 * renders to the same document, so a hit is never stale and nothing needs invalidating. Per process
 * and bounded in bytes (least recently used first out); a miss only costs a render.
 */
import { createHash } from "node:crypto";
import type { CommercialDocument } from "./model";

/** The key of a document: its content (logo aside) and the id of its logo file (stored files never change). */
export function documentKey(doc: CommercialDocument, logoFileId: string | null): string {
  const content = JSON.stringify({ ...doc, company: { ...doc.company, logo: logoFileId } });
  return createHash("sha256").update(content).digest("base64url");
}

export class DocumentCache {
  readonly #entries = new Map<string, Buffer>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.#entries.get(key);
    if (value) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const previous = this.#entries.get(key);
    if (previous) {
      this.#bytes -= previous.length;
      this.#entries.delete(key);
    }
    this.#entries.set(key, value);
    this.#bytes += value.length;
    for (const [oldest, buffer] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= buffer.length;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }
}
