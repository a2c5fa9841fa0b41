import { authRepository, throttleRepository } from "./auth.repository";

/**
 * What auth publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repository stays private to auth.
 * - `revokeUserSessions`: accounts, when a member is deactivated or loses his access.
 * - `blockedFor` / `recordFailure`: the throttle of failed attempts, for accounts (invitations, resets)
 *   and quotes (the public signing code).
 */
export const authQueries: Pick<typeof authRepository, "revokeUserSessions"> = authRepository;
export const throttleQueries: Pick<typeof throttleRepository, "blockedFor" | "recordFailure"> = throttleRepository;
