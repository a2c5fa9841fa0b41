import { isApiError } from "@web/lib/api-client";

/**
 * The server's own French message, to show under a failure toast; nothing when there is no useful
 * text (the toast title already says what failed).
 */
export function errorDescription(error: unknown): string | undefined {
  if (isApiError(error)) {
    const message = error.message.trim();
    // The generic client fallback « Error 502: Bad Gateway » is not French: leave it out.
    return message && !/^Error \d+/.test(message) ? message : undefined;
  }
  return undefined;
}
