import type { FastifyServerOptions } from "fastify";

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

type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/**
 * The server's logger settings, used by main.ts (JSON lines on stdout) and by the redaction test
 * (the same settings writing to `stream`), so the test checks what production runs.
 */
export function loggerOptions(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    redact: { paths: LOG_REDACTIONS, censor: LOG_CENSOR },
    ...(stream ? { stream } : {}),
  };
}
