import { ERROR_CODES, type ErrorCode, MESSAGES } from "@shared/errors";
import type { BlockingDocument } from "@shared/http";

/** An error the API answers with its status, French message and machine code (docs/domain/api.md#errors). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** A 409's document in the way, named in the body's `document` (docs/domain/api.md#errors). */
    readonly document?: BlockingDocument,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const errors = {
  validation: (message: string, details?: { path: string; message: string }[]) =>
    new AppError(400, ERROR_CODES.VALIDATION, message, details),
  unauthenticated: (message: string = MESSAGES.unauthenticated, code: ErrorCode = ERROR_CODES.UNAUTHENTICATED) =>
    new AppError(401, code, message),
  forbidden: (message: string = MESSAGES.forbidden) => new AppError(403, ERROR_CODES.FORBIDDEN, message),
  notFound: (message: string = MESSAGES.notFound) => new AppError(404, ERROR_CODES.NOT_FOUND, message),
  conflict: (message: string, document?: BlockingDocument) =>
    new AppError(409, ERROR_CODES.CONFLICT, message, undefined, undefined, document),
  gone: (message: string) => new AppError(410, ERROR_CODES.GONE, message),
  /** The `If-Match` of a save names a replaced version (ADR 0024). */
  staleVersion: () => new AppError(409, ERROR_CODES.STALE_VERSION, MESSAGES.staleVersion),
  tooManyRequests: (message: string, retryAfterSeconds: number) =>
    new AppError(429, ERROR_CODES.RATE_LIMITED, message, undefined, { "retry-after": String(retryAfterSeconds) }),
};
