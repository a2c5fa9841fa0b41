import { useWhenIdle } from "@web/hooks/use-when-idle";
import { useEffect } from "react";

/**
 * Site actions left waiting on this phone (« Mode chantier » offline, then a reload elsewhere) are sent
 * from whatever screen opens: once the page is idle, the outbox's small chunk checks IndexedDB and
 * resumes sending when something of this user waits (docs/domain/projects.md#offline-on-site).
 */
export function useResumeSiteOutbox(enabled: boolean): void {
  const idle = useWhenIdle();
  useEffect(() => {
    if (!idle || !enabled) return;
    void import("@web/features/projects/lib/resume-site-outbox")
      .then((module) => module.resumeSiteOutbox())
      .catch(() => {});
  }, [idle, enabled]);
}
