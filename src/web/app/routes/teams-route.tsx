import { TEAM_TEXTS } from "@shared/team-rules";
import { TeamsPage } from "@web/features/teams/components/teams-page";
import { useViewport } from "@web/hooks/use-viewport";
import { PermissionRoute } from "./permission-route";

/** /teams: the company's teams (spec 3 §2.13, docs/domain/teams.md); without teams:view, the spec's refusal. */
export function TeamsRoute() {
  const isMobile = useViewport() !== "desktop";
  return (
    <PermissionRoute permission="teams:view" deniedMessage={TEAM_TEXTS.accessDenied}>
      <title>Équipes · Propulse</title>
      <TeamsPage isMobile={isMobile} />
    </PermissionRoute>
  );
}
