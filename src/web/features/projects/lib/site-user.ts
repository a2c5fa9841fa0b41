import { getStoredUserRaw } from "@web/lib/session";

/** The signed-in user as stored by the session (the outbox is his: his entries, his name on them). */
export function storedUser(): { id: string; name: string | null } | null {
  const raw = getStoredUserRaw();
  if (typeof raw !== "object" || raw === null) return null;
  const { id, full_name } = raw as { id?: unknown; full_name?: unknown };
  if (typeof id !== "string" || id === "") return null;
  return { id, name: typeof full_name === "string" && full_name !== "" ? full_name : null };
}
