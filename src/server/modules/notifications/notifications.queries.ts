import { notificationsRepository } from "./notifications.repository";

/**
 * What notifications publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in
 * the caller's transaction so that a notification exists only if what it tells was committed; the
 * repository stays private to notifications.
 * - `add`: a notification for members, from projects (assignments) and quotes (a quote signed or refused).
 */
export const notificationsQueries: Pick<typeof notificationsRepository, "add"> = notificationsRepository;
