/**
 * What a PostgreSQL error says, for the services that turn a constraint into a French 409: the
 * driver's error, or Drizzle's wrapping of it (its `cause`).
 */
function pgError(error: unknown): { code?: unknown; constraint?: unknown } {
  const own = typeof error === "object" && error !== null ? (error as { code?: unknown; constraint?: unknown }) : {};
  if (own.code !== undefined) return own;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return typeof cause === "object" && cause !== null ? (cause as { code?: unknown; constraint?: unknown }) : {};
}

/**
 * A row another one still references: restrict_violation (23001, a key ON DELETE RESTRICT, as a
 * worksite's team or vehicle) or foreign_key_violation (23503, a NO ACTION key).
 */
export function isStillReferenced(error: unknown): boolean {
  const { code } = pgError(error);
  return code === "23503" || code === "23001";
}

/** A unique_violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = pgError(error);
  return e.code === "23505" && (constraint === undefined || e.constraint === constraint);
}
