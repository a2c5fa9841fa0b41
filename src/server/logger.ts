import type { FastifyRequest, FastifyServerOptions } from "fastify";

/**
 * Never logged: credentials and tokens, in headers and in bodies. Fastify's request serializer logs
 * neither headers nor bodies; these paths mask them should a log line ever carry them (a changed
 * serializer, `log.info({ body })` while debugging, an error object holding the request).
 */
export const LOG_REDACTIONS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
  '*.headers["set-cookie"]',
  "password",
  "token",
  "passwordHash",
  "*.password",
  "*.token",
  "*.passwordHash",
  "*.*.password",
  "*.*.token",
];

export const LOG_CENSOR = "[masqué]";

/**
 * The one-time links' tokens (docs/domain/accounts.md#links-activation-and-account): the segment after
 * `/api/account-links/<kind>/`, and after the web pages `/invitation/` and `/reinitialiser/`; the
 * signing links' (docs/domain/signing.md#security): after `/api/signing/` and the page `/signer/`.
 */
const LINK_TOKEN_IN_URL = /((?:account-links\/[^/?#]*|invitation|reinitialiser|api\/signing|signer)\/)[^/?#]+/gi;

/** `url` without the token of a one-time link: the request log keeps the path, never the secret. */
export function redactUrl(url: string): string {
  return url.replace(LINK_TOKEN_IN_URL, `$1${LOG_CENSOR}`);
}

/** Fastify's own request serializer (its fields, in its order), the URL's link token masked. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.["accept-version"]?.toString(),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/**
 * The server's logger settings, used by main.ts (JSON lines on stdout) and by the redaction test
 * (the same settings writing to `stream`), so the test checks what production runs.
 */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: LOG_REDACTIONS, censor: LOG_CENSOR },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
