import type { DashboardAlert, DashboardStats } from "@shared/dashboard";
import { DASHBOARD_TEXTS, formatChange } from "@shared/dashboard-rules";
import { formatCount, formatPercent, NARROW_NBSP, NBSP, plural } from "@shared/format";
import { paths } from "@web/lib/paths";

/** The home's own words (the spec's are DASHBOARD_TEXTS, @shared/dashboard-rules). */
export const HOME_TEXTS = {
  kpis: "Indicateurs du mois",
  sinceLastMonth: "depuis le mois dernier",
  againstLastMonth: "par rapport au mois dernier",
  noAnswerYet: "Aucune réponse sur 12\u00a0mois",
  retry: "Réessayer",
  seeAllProjects: "Voir tous les chantiers",
  seeAll: "Tout voir",
  moreQuotes: "Voir les devis",
  moreInvoices: "Voir les factures",
  moreVehicles: "Voir les véhicules",
  alertGroups: {
    /** Issue 32 (ADR 0028): the quotes « À relancer », after the company's delay. */
    quote: "Devis à relancer",
    invoice: "Factures en retard",
    vehicle: "Véhicules à surveiller",
  },
  historyTable: "Facturé et encaissé par mois",
  month: "Mois",
  acceptedOf: (accepted: number, answered: number) =>
    `${plural(accepted, "accepté")} sur ${plural(answered, "devis répondu", "devis répondus")} en 12 mois`,
  noAnsweredQuote: "Aucun devis accepté ou refusé en 12\u00a0mois",
} as const;

let kiloFormat: Intl.NumberFormat | undefined;

/** Thousands of euros, as the « CA mensuel » card writes them: 12 449 → « 12,4 k€ », 0 → « 0 k€ ». */
export function formatKiloEuro(euros: number): string {
  kiloFormat ??= new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1, signDisplay: "negative" });
  const thousands = Math.round(euros / 100) / 10;
  return `${kiloFormat.format(thousands).replace(/\s/g, NARROW_NBSP)}${NBSP}k€`;
}

export type Trend = "up" | "down" | "flat";

/** A KPI card's small change label and what a screen reader reads with it. */
export interface ChangeLabel {
  text: string;
  /** « +2 depuis le mois dernier ». */
  spoken: string;
  trend: Trend;
}

export type KpiKey = "activeProjects" | "pendingQuotes" | "clientSatisfaction" | "monthlyRevenue";

export interface Kpi {
  key: KpiKey;
  label: string;
  /** The figure as the card shows it; « — » for a satisfaction without any answer yet. */
  value: string;
  /** Under the figure when there is no change to show (satisfaction without answer). */
  hint: string | null;
  change: ChangeLabel | null;
}

const trendOf = (change: number): Trend => (change > 0 ? "up" : change < 0 ? "down" : "flat");

function changeLabel(change: number | null, unit: string, words: string): ChangeLabel | null {
  if (change === null) return null;
  const text = formatChange(change, unit);
  return { text, spoken: `${text} ${words}`, trend: trendOf(change) };
}

/**
 * The four KPI cards of spec 1 « Company dashboard (home) » from the stats: a card whose figure is null
 * (the user may not see it) is left out, except « Clients satisfaits » for a user who sees worksites:
 * null there means no answer yet, written « — ».
 */
export function kpisOf(stats: DashboardStats, { canSeeProjects }: { canSeeProjects: boolean }): Kpi[] {
  const kpis: Kpi[] = [];
  if (stats.activeProjects !== null)
    kpis.push({
      key: "activeProjects",
      label: DASHBOARD_TEXTS.activeProjects,
      value: formatCount(stats.activeProjects),
      hint: null,
      change: changeLabel(stats.changes.activeProjects, "", HOME_TEXTS.sinceLastMonth),
    });
  if (stats.pendingQuotes !== null)
    kpis.push({
      key: "pendingQuotes",
      label: DASHBOARD_TEXTS.pendingQuotes,
      value: formatCount(stats.pendingQuotes),
      hint: null,
      change: changeLabel(stats.changes.pendingQuotes, "", HOME_TEXTS.sinceLastMonth),
    });
  if (stats.clientSatisfaction !== null || canSeeProjects)
    kpis.push({
      key: "clientSatisfaction",
      label: DASHBOARD_TEXTS.clientSatisfaction,
      value: stats.clientSatisfaction === null ? DASHBOARD_TEXTS.notAvailable : formatPercent(stats.clientSatisfaction),
      hint: stats.clientSatisfaction === null ? HOME_TEXTS.noAnswerYet : null,
      change:
        stats.clientSatisfaction === null
          ? null
          : changeLabel(stats.changes.clientSatisfaction, `${NBSP}pt`, HOME_TEXTS.sinceLastMonth),
    });
  if (stats.monthlyRevenue !== null)
    kpis.push({
      key: "monthlyRevenue",
      label: DASHBOARD_TEXTS.monthlyRevenue,
      value: formatKiloEuro(stats.monthlyRevenue),
      hint: null,
      change: changeLabel(stats.monthlyGrowth, `${NBSP}%`, HOME_TEXTS.againstLastMonth),
    });
  return kpis;
}

/** The cards expected while the stats load (from the permissions: the same cards, most of the time). */
export function expectedKpis(access: { canSeeProjects: boolean; canSeeQuotes: boolean; canSeeMoney: boolean }) {
  return [
    access.canSeeProjects && "activeProjects",
    access.canSeeQuotes && "pendingQuotes",
    access.canSeeProjects && "clientSatisfaction",
    access.canSeeMoney && "monthlyRevenue",
  ].filter((key): key is KpiKey => key !== false);
}

/** « Croissance » in « Aperçu business »: « +12,5 % », « — » when last month had nothing to compare with. */
export function growthText(growth: number | null): string {
  return growth === null ? DASHBOARD_TEXTS.notAvailable : formatChange(growth, `${NBSP}%`);
}

const QUOTE_PATH = /^\/quotes\/[^/?#]+$/;
const VEHICLE_PATH = /^\/vehicles\/[^/?#]+$/;

/**
 * Where an alert leads. The web has no page per quote nor per vehicle: a quote opens in the quotes list
 * searched on its reference (`/quotes?search=…`, as a worksite's « Documents » does), a vehicle in the
 * fleet list. Any other path (an invoice: /invoices/:id) is followed as the server gives it.
 */
export function alertLink(alert: Pick<DashboardAlert, "kind" | "href" | "title">): string {
  if (QUOTE_PATH.test(alert.href)) {
    const reference = alert.title.split(" · ")[0]?.trim() ?? "";
    return reference ? `${paths.quotes}?${new URLSearchParams({ search: reference })}` : paths.quotes;
  }
  if (VEHICLE_PATH.test(alert.href)) return paths.vehicles;
  return alert.href;
}

/** « janv. », the chart's axis; « janvier 2026 », the table's rows. */
export function monthLabels(month: string): { short: string; long: string } {
  const [year, index] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, index - 1, 1));
  const short = new Intl.DateTimeFormat("fr-FR", { month: "short", timeZone: "UTC" }).format(date);
  const long = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(date);
  return { short, long };
}
