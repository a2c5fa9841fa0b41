import { PLANNING_TEXTS } from "@shared/planning-rules";
import { PlanningPage } from "@web/features/planning/components/planning-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /calendar: the week of the worksites by team (spec 2 §2, docs/domain/planning.md); without calendar:view, the refusal. */
export function CalendarRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="calendar:view" deniedMessage={PLANNING_TEXTS.accessDenied}>
      <title>{`${PLANNING_TEXTS.title} · Propulse`}</title>
      <PlanningPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
