import { SITE_DB_NAME, siteStorage } from "./site-db";
import { storedUser } from "./site-user";

/**
 * After a reload on any screen, the site actions the signed-in user left waiting (docs/domain/
 * projects.md#offline-on-site) are sent without « Mode chantier » being opened again: the app's shell
 * calls this once the page is idle. Nothing is made when nothing waits (no listener, no timer), and the
 * outbox's code (the site screen's) loads only then: an office screen that never went on site opens no
 * database and loads nothing more (ADR 0005 §10 (n)).
 */
export async function resumeSiteOutbox(): Promise<boolean> {
  if (typeof indexedDB === "undefined") return false;
  const user = storedUser();
  if (!user) return false;
  if (!(await siteDbExists())) return false;
  const entries = await siteStorage().listEntries();
  if (!entries.some((entry) => entry.userId === user.id && entry.failure === null)) return false;
  const { siteOutbox } = await import("../hooks/use-site-outbox");
  void siteOutbox().flush();
  return true;
}

/** Whether « Mode chantier » ever stored anything here (true when the browser cannot tell). */
async function siteDbExists(): Promise<boolean> {
  if (typeof indexedDB.databases !== "function") return true;
  try {
    return (await indexedDB.databases()).some((db) => db.name === SITE_DB_NAME);
  } catch {
    return true;
  }
}
