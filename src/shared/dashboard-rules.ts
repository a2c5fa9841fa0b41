import { formatEuro, plural } from "./format";

/**
 * The company home's definitions (docs/domain/dashboard.md): periods, growth, satisfaction. Pure and
 * zod-free: the web's home imports them without pulling the schemas into its chunk.
 */

export const DASHBOARD_ALERT_KINDS = ["quote", "invoice", "vehicle"] as const;
export type DashboardAlertKind = (typeof DASHBOARD_ALERT_KINDS)[number];

export const DASHBOARD_LIMITS = {
  /** The spec's alert rule: a quote pending for more than 48 hours. */
  oldPendingQuoteHours: 48,
  /** « Projets en cours »: how many worksites the card lists. */
  activeProjects: 6,
  /** The alerts card lists the first of each kind (the counts say how many in all). */
  alertsPerKind: 5,
  /** Months of the chart, the current one included. */
  historyMonths: 12,
  /** Active clients and satisfaction look back this many months. */
  lookbackMonths: 12,
  /** « Planning d'aujourd'hui »: at most this many worksites (a company's day, not its year). */
  todayTasks: 50,
} as const;

/** Spec 1 §9: stats 5 min, today tasks 2 min, active projects 5 min; no refetch on window focus. */
export const DASHBOARD_FRESHNESS_MS = {
  stats: 5 * 60_000,
  todayTasks: 2 * 60_000,
  activeProjects: 5 * 60_000,
  alerts: 5 * 60_000,
  history: 5 * 60_000,
} as const;

export const DASHBOARD_TEXTS = {
  activeProjects: "Chantiers actifs",
  pendingQuotes: "Devis en attente",
  clientSatisfaction: "Clients satisfaits",
  monthlyRevenue: "CA mensuel",
  businessOverview: "Aperçu business",
  monthRevenue: "CA du mois",
  activeClients: "Clients actifs",
  growth: "Croissance",
  projectsInProgress: "Chantiers en cours",
  noActiveProject: "Aucun chantier en cours",
  todayPlanning: "Planning d'aujourd'hui",
  noTaskToday: "Aucune tâche programmée pour aujourd'hui",
  alerts: "Alertes importantes",
  noAlert: "Rien ne demande votre attention",
  history: "Facturé et encaissé sur 12 mois",
  invoiced: "Facturé HT",
  collected: "Encaissé",
  acceptanceRate: "Taux d’acceptation des devis",
  loadFailed: "Impossible de charger ces chiffres",
  satisfactionQuestion: "Le client est-il satisfait\u202f?",
  notAvailable: "—",
  /** 403 to an account without a company (the SuperAdmin has his own home). */
  companyRequired: "Vous devez être connecté à une entreprise pour accéder au tableau de bord",
} as const;

/** « Jour 2 sur 5 »: the day of a worksite's span that today is (the planning's days, weekends skipped). */
export function todayTaskTime(day: number, total: number): string {
  return `Jour ${day} sur ${total}`;
}

/** An old pending quote's alert: « Envoyé il y a 3 jours ». */
export function quoteAlertDetail(days: number): string {
  return `Envoyé il y a ${plural(days, "jour")}`;
}

/** A late invoice's alert: « En retard de 12 jours · 1 234,56 € » (what remains due, TTC). */
export function invoiceAlertDetail(daysLate: number, remaining: number): string {
  return `En retard de ${plural(daysLate, "jour")} · ${formatEuro(remaining)}`;
}

/** The first and last day (yyyy-mm-dd) of the month of `day`. */
export function monthOf(day: string): { start: string; end: string } {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, "0")}` };
}

/**
 * The same day one month earlier, kept within that month (31 March → 28 or 29 February): where « this
 * month to date » is compared with « the same days of last month ».
 */
export function sameDayLastMonth(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * The periods of the revenue and its growth for `today` (Europe/Paris): this month to date, and last
 * month from its first day to the same day (docs/domain/dashboard.md#revenue).
 */
export function revenuePeriods(today: string): {
  current: { start: string; end: string };
  previous: { start: string; end: string };
} {
  const previousEnd = sameDayLastMonth(today);
  return {
    current: { start: monthOf(today).start, end: today },
    previous: { start: monthOf(previousEnd).start, end: previousEnd },
  };
}

/** The first day of the month `count - 1` months before `today`'s: the start of a window of `count` months. */
export function monthsBackStart(today: string, count: number): string {
  const [y, m] = today.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - (count - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The `count` months (yyyy-mm) ending with `today`'s, oldest first. */
export function lastMonths(today: string, count: number): string[] {
  const start = monthsBackStart(today, count);
  const [y, m] = start.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + (m - 1) + i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** Rounded to one decimal, half away from zero. */
const oneDecimal = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * 10)) / 10;

/** Growth in percent (1 decimal) of `current` against `previous`; null when there is nothing to compare with. */
export function growthPercent(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return oneDecimal(((current - previous) / previous) * 100);
}

/** The share of « oui » in percent (1 decimal) among the answers; null when none. */
export function satisfactionPercent(yes: number, answered: number): number | null {
  if (answered <= 0) return null;
  return oneDecimal((yes / answered) * 100);
}

/** accepted / answered in percent (1 decimal); null when none answered. */
export const acceptanceRate = satisfactionPercent;

/** « +2 », « −1 », « 0 »: a change as the KPI cards show it (a true minus sign). */
export function formatChange(change: number, unit = ""): string {
  const abs = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(Math.abs(change));
  const sign = change > 0 ? "+" : change < 0 ? "\u2212" : "";
  return `${sign}${abs}${unit}`;
}
