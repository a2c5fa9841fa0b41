import { PLANNING_TEXTS } from "@shared/planning-rules";
import { PlanningPage } from "@web/features/planning/components/planning-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/**
 * /calendar: the week of the worksites by team (spec 2 §2, docs/domain/planning.md); without calendar:view,
 * the refusal. A phone gets one day at a time; a tablet (from 768 px, an iPad in portrait) the week by team
 * and its drag and drop, as a laptop does (issue 32).
 */
export function CalendarRoute() {
  const isMobile = useViewport() === "phone";
  return (
    <PermissionRoute permission="calendar:view" deniedMessage={PLANNING_TEXTS.accessDenied}>
      <title>{`${PLANNING_TEXTS.title} · Propulse`}</title>
      <PlanningPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
