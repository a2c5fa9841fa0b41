import { z } from "zod";
import { DASHBOARD_ALERT_KINDS } from "./dashboard-rules";
import { PROJECT_STATUSES } from "./project-rules";

export * from "./dashboard-rules";

/**
 * Wire shapes of /api/dashboard/* (spec 1 §3 « Dashboard stats », « Today task », « Active project »,
 * §7; docs/domain/dashboard.md). The spec names the stats' fields in camelCase: kept verbatim. A figure
 * the user may not see (money without `invoices:view`, quotes without `quotes:view`, the fleet without
 * `vehicles:view`) is `null`, never 0: the home hides its card.
 */

/** GET /api/dashboard/stats. Amounts in euros excluding VAT (2 decimals), rates in percent (1 decimal). */
export const dashboardStatsSchema = z.object({
  /** Invoiced this month to date (HT, net of credit notes, by issue date). */
  monthlyRevenue: z.number().nullable(),
  /** Clients with a quote or an invoice dated within the last 12 months. */
  activeClients: z.number().int().nullable(),
  /** This month to date against the same days of last month, in percent; null when last month is 0. */
  monthlyGrowth: z.number().nullable(),
  /** Worksites à faire, en cours or en pause that the user sees. */
  activeProjects: z.number().int().nullable(),
  /** Quotes sent or reminded. */
  pendingQuotes: z.number().int().nullable(),
  /** Share of « oui » over the worksites delivered in the last 12 months with an answer; null when none. */
  clientSatisfaction: z.number().nullable(),
  /** Quotes pending for more than 48 hours (the spec's alert rule). */
  oldPendingQuotes: z.number().int().nullable(),
  /** Vehicles « à surveiller » (a service, contrôle technique or insurance due or overdue). */
  vehiclesNeedingMaintenance: z.number().int().nullable(),
  /**
   * Beyond the spec — the KPI cards' changes against last month (the spec's fixed '+2', '+3', '+1%'):
   * the figure now minus the same figure at this moment one month ago (docs/domain/dashboard.md).
   */
  changes: z.object({
    activeProjects: z.number().int().nullable(),
    pendingQuotes: z.number().int().nullable(),
    /** In percentage points. */
    clientSatisfaction: z.number().nullable(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * GET /api/dashboard/today-tasks: the worksites that occupy today (the planning's day-span rule,
 * docs/domain/planning.md) — of the user's teams, or of the whole company for an administrator or a
 * team leader. `title` is the worksite's name, `time` the day of its span (« Jour 2 sur 5 »), `progress`
 * the share of its tasks done (0–100, integer).
 */
export const todayTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  team: z.string().nullable(),
  time: z.string(),
  progress: z.number().int().min(0).max(100),
  /** Beyond the spec: what the row shows under the title and links to. */
  reference: z.string(),
  address: z.string().nullable(),
});
export type TodayTask = z.infer<typeof todayTaskSchema>;
export const todayTasksSchema = z.array(todayTaskSchema);

/** GET /api/dashboard/active-projects: the worksites à faire, en cours or en pause the user sees. */
export const activeProjectSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  team: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** Beyond the spec. */
  reference: z.string(),
  progress: z.number().int().min(0).max(100),
});
export type ActiveProject = z.infer<typeof activeProjectSchema>;
export const activeProjectsSchema = z.array(activeProjectSchema);

/**
 * GET /api/dashboard/alerts (beyond the spec's one rule): what needs action now, each leading to what
 * it is about. For an administrator or a team leader only (403 otherwise); each kind also needs its
 * module's view permission.
 */
export const dashboardAlertSchema = z.object({
  kind: z.enum(DASHBOARD_ALERT_KINDS),
  /** The quote, invoice or vehicle. */
  id: z.uuid(),
  /** « DEV-2026-0012 · Rénovation salle de bain », « FAC-2026-0007 · Dupont », « Renault Master AB-123-CD ». */
  title: z.string(),
  /** « Envoyé il y a 3 jours », « En retard de 12 jours · 1 234,00 € », « Contrôle technique le 03/12/2026 ». */
  detail: z.string(),
  /** The web path of the thing to act on: /quotes/:id, /invoices/:id, /vehicles/:id. */
  href: z.string(),
  /** Days since sent, late or to the due date (negative: overdue): the order within a kind. */
  days: z.number().int(),
});
export type DashboardAlert = z.infer<typeof dashboardAlertSchema>;
export const dashboardAlertsSchema = z.object({
  data: z.array(dashboardAlertSchema),
  /** Per kind, how many in all (the list holds the first DASHBOARD_LIMITS.alertsPerKind of each). */
  counts: z.object({ quote: z.number().int(), invoice: z.number().int(), vehicle: z.number().int() }),
});
export type DashboardAlerts = z.infer<typeof dashboardAlertsSchema>;

/**
 * GET /api/dashboard/history (beyond the spec, `invoices:view`): the last 12 months, oldest first, the
 * current one included (to date) — invoiced HT net of credit notes by issue date, collected (payments
 * received, TTC, by payment date) — and the quotes' acceptance rate over the same months.
 */
export const dashboardHistorySchema = z.object({
  months: z.array(
    z.object({
      /** yyyy-mm */
      month: z.string(),
      invoiced: z.number(),
      collected: z.number(),
    }),
  ),
  quotes: z.object({
    /** Quotes that got an answer (accepted or refused) over the 12 months. */
    answered: z.number().int(),
    accepted: z.number().int(),
    /** accepted / answered in percent (1 decimal); null when none answered. */
    acceptanceRate: z.number().nullable(),
  }),
});
export type DashboardHistory = z.infer<typeof dashboardHistorySchema>;

/** POST /api/projects/:id/finish takes an optional answer (beyond the spec, issue 16). */
export const projectFinishBodySchema = z
  .object({ client_satisfied: z.boolean({ error: "Réponse invalide" }).nullable().optional() })
  .optional()
  .transform((body) => ({ client_satisfied: body?.client_satisfied ?? null }));
export type ProjectFinishBody = z.output<typeof projectFinishBodySchema>;
