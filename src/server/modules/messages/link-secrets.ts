import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * One-time links in the outbox (docs/domain/messages.md#accounts-mails, ADR 0019): a message that names an
 * invitation or reset link is stored with the link's token masked (`maskedUrl`); the link itself is kept
 * only while the delivery loop still has to send it, sealed (AES-256-GCM under a key derived from the
 * server's secret), and cleared once the message is sent or has failed for good.
 */

/** What a stored body shows in place of a link's token: the log's mask. */
export const LINK_MASK = "[masqué]";

/** `https://app/invitation/<token>` → `https://app/invitation/[masqué]`: the link as a stored body names it. */
export function maskedUrl(url: string): string {
  return `${url.slice(0, url.lastIndexOf("/") + 1)}${LINK_MASK}`;
}

/** `body` with its last masked link (the one the body was written with) put back as `url`. */
export function bodyWithLink(body: string, url: string): string {
  const masked = maskedUrl(url);
  const at = body.lastIndexOf(masked);
  return at < 0 ? body : `${body.slice(0, at)}${url}${body.slice(at + masked.length)}`;
}

/** The sealing key from the server's secret (JWT_SECRET, shared by every process), for this use only. */
export function linkKeyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "propulse", "outbox one-time links", 32));
}

const VERSION = "v1";

/** `v1.<iv>.<ciphertext>.<tag>` (base64url): readable only with the key. */
export function sealLink(url: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(url, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The link sealed by `sealLink`, or undefined when it cannot be read (another key, altered). */
export function openLink(sealed: string, key: Buffer): string | undefined {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== VERSION || !iv || !data || !tag) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
