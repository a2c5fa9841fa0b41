import { siteOutbox, storedUser } from "../hooks/use-site-outbox";
import { siteStorage } from "./site-db";

/**
 * After a reload on any screen, the site actions the signed-in user left waiting (docs/domain/
 * projects.md#offline-on-site) are sent without « Mode chantier » being opened again: the app's shell
 * calls this once the page is idle. Nothing is made when nothing waits (no listener, no timer).
 */
export async function resumeSiteOutbox(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  const user = storedUser();
  if (!user) return false;
  const entries = await siteStorage().listEntries();
  if (!entries.some((entry) => entry.userId === user.id && entry.failure === null)) return false;
  void siteOutbox().flush();
  return true;
}
