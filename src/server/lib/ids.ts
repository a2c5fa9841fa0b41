const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path ids that are not UUIDs can match nothing: they answer 404 like an unknown id. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}
