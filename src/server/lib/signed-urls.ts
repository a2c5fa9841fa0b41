import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Short-lived signed URLs for files (docs/domain/files.md#signed-urls): an <img> or a new tab cannot send the bearer
 * header, so the URL itself carries an expiry and an HMAC of (id, expiry).
 */
export const FILE_URL_TTL_SECONDS = 3600;

function signature(secret: string, id: string, exp: number): string {
  return createHmac("sha256", secret).update(`file:${id}:${exp}`).digest("base64url");
}

export function signFileUrl(secret: string, id: string, now = Date.now()): string {
  // Rounded to the quarter hour so the same file keeps the same URL for a while (browser cache).
  const exp = Math.ceil((now / 1000 + FILE_URL_TTL_SECONDS) / 900) * 900;
  return `/api/files/${id}?exp=${exp}&sig=${signature(secret, id, exp)}`;
}

export function verifyFileSignature(secret: string, id: string, exp: number, sig: string, now = Date.now()): boolean {
  if (!Number.isInteger(exp) || exp * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, id, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
