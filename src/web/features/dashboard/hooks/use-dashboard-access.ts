import { useCan } from "@web/hooks/use-can";

/**
 * What the home shows the signed-in user (docs/domain/dashboard.md#web), asked once through `useCan`:
 * the server answers null for a figure the user may not see, these only say which cards to expect
 * while the answers load.
 */
export function useDashboardAccess() {
  const admin = useCan("admin:access");
  const teamLeader = useCan("team:manage");
  return {
    /** CA mensuel, « Aperçu business », the 12 months' chart. */
    canSeeMoney: useCan("invoices:view"),
    /** Chantiers actifs, Clients satisfaits, the day's planning, « Projets en cours ». */
    canSeeProjects: useCan("projects:view"),
    /** Devis en attente. */
    canSeeQuotes: useCan("quotes:view"),
    /** « Clients actifs » of « Aperçu business ». */
    canSeeClients: useCan("clients:view"),
    /** « Alertes importantes »: `isTeamLeader` of @shared/permissions (an administrator, or team:manage). */
    canSeeAlerts: admin || teamLeader,
    /** « Relancer » on a quote's or a late invoice's alert (docs/domain/messages.md#send-and-remind). */
    canRemindQuotes: useCan("quotes:edit"),
    canRemindInvoices: useCan("invoices:edit"),
  };
}
