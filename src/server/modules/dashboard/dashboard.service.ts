import type { Database, Db } from "@server/db/client";
import { type AuthContext, can, permissions, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import {
  type ActiveProject,
  acceptanceRate,
  DASHBOARD_LIMITS,
  DASHBOARD_TEXTS,
  type DashboardAlert,
  type DashboardAlerts,
  type DashboardHistory,
  type DashboardStats,
  growthPercent,
  invoiceAlertDetail,
  lastMonths,
  monthsBackStart,
  quoteAlertDetail,
  revenuePeriods,
  sameDayLastMonth,
  satisfactionPercent,
  type TodayTask,
  todayTaskTime,
} from "@shared/dashboard";
import { dayNumber, parisToday } from "@shared/dates";
import { isTeamLeader } from "@shared/permissions";
import { occupiedDays } from "@shared/planning-rules";
import { projectProgress, seesEveryProject } from "@shared/projects";
import { attentionLimit, vehicleAttention } from "@shared/vehicle-rules";
import { companySettingsQueries } from "../company/company.queries";
import { visibleTeams } from "../projects/projects.service";
import { reminderSince } from "../reminders/reminders.queries";
import { teamsQueries } from "../teams/teams.queries";
import { dashboardRepository } from "./dashboard.repository";

/**
 * Who may read what of the home (docs/domain/dashboard.md#permissions). GET /api/dashboard/stats is open
 * to every signed-in user of a company, each figure behind the view permission of what it reveals
 * (DASHBOARD_FIGURES: null otherwise); the other endpoints declare one permission. The alerts are for a
 * team leader or an administrator: `team:manage`, which both default roles hold.
 */
export const DASHBOARD_ACCESS = permissions({
  todayTasks: "projects:view",
  activeProjects: "projects:view",
  alerts: "team:manage",
  history: "invoices:view",
});

/** The permission behind each figure of the stats and each kind of alert. */
export const DASHBOARD_FIGURES = permissions({
  money: "invoices:view",
  clients: "clients:view",
  projects: "projects:view",
  quotes: "quotes:view",
  vehicles: "vehicles:view",
});

const noCompany = DASHBOARD_TEXTS.companyRequired;

/** Percentage points between two shares, one decimal; null when either is unknown. */
const pointsBetween = (now: number | null, then: number | null) =>
  now === null || then === null ? null : Math.round((now - then) * 10) / 10;

export function createDashboardService(db: Database) {
  /** The teams whose worksites today's card shows: the whole company for a team leader or whoever sees them all. */
  async function dayTeams(tx: Db, t: TenantAccess): Promise<string[] | null> {
    const subject = { role: t.auth.user.role, permissions: t.auth.permissions };
    if (isTeamLeader(subject) || seesEveryProject(subject)) return null;
    return teamsQueries.teamIdsOfUser(tx, t.companyId, t.auth.userId);
  }

  return {
    /**
     * The KPI figures (spec 1 §3 « Dashboard stats », docs/domain/dashboard.md#stats) the caller may see,
     * the others null, and their changes against this moment last month. One statement.
     */
    async stats(auth: AuthContext): Promise<DashboardStats> {
      if (!auth.companyId) throw errors.forbidden(noCompany);
      const companyId = auth.companyId;
      const today = parisToday();
      const lookback = DASHBOARD_LIMITS.lookbackMonths;
      const money = can(auth, DASHBOARD_FIGURES.money);
      const projects = can(auth, DASHBOARD_FIGURES.projects);
      const row = await db.run({ companyId }, async (tx) =>
        dashboardRepository.stats(tx, companyId, {
          today,
          revenue: money ? revenuePeriods(today) : null,
          clientsSince: can(auth, DASHBOARD_FIGURES.clients) ? monthsBackStart(today, lookback) : null,
          projects: projects
            ? {
                teamIds: await visibleTeams(tx, { auth, companyId, scope: { companyId } }),
                since: monthsBackStart(today, lookback),
                sinceMonthAgo: monthsBackStart(sameDayLastMonth(today), lookback),
              }
            : null,
          quotes: can(auth, DASHBOARD_FIGURES.quotes),
          vehiclesDueBy: can(auth, DASHBOARD_FIGURES.vehicles) ? attentionLimit(today) : null,
        }),
      );
      const satisfaction = row.projects ? satisfactionPercent(row.projects.satisfied, row.projects.answered) : null;
      return {
        monthlyRevenue: row.revenue?.current ?? null,
        activeClients: row.activeClients,
        monthlyGrowth: row.revenue ? growthPercent(row.revenue.current, row.revenue.previous) : null,
        activeProjects: row.projects?.active ?? null,
        pendingQuotes: row.quotes?.pending ?? null,
        clientSatisfaction: satisfaction,
        oldPendingQuotes: row.quotes?.old ?? null,
        vehiclesNeedingMaintenance: row.vehicles,
        changes: {
          activeProjects: row.projects ? row.projects.active - row.projects.activeMonthAgo : null,
          pendingQuotes: row.quotes ? row.quotes.pending - row.quotes.pendingMonthAgo : null,
          clientSatisfaction: row.projects
            ? pointsBetween(
                satisfaction,
                satisfactionPercent(row.projects.satisfiedMonthAgo, row.projects.answeredMonthAgo),
              )
            : null,
        },
      };
    },

    /**
     * The worksites occupying today (the planning's day-span rule) of the caller's teams, or of the whole
     * company for a team leader or an administrator (docs/domain/dashboard.md#today).
     */
    async todayTasks(auth: AuthContext): Promise<TodayTask[]> {
      const t = tenant(auth, DASHBOARD_ACCESS.todayTasks, noCompany);
      const today = parisToday();
      const rows = await db.run(t.scope, async (tx) =>
        dashboardRepository.today(tx, t.companyId, today, await dayTeams(tx, t), DASHBOARD_LIMITS.todayTasks),
      );
      return rows.flatMap((row) => {
        // The rule itself decides (the SQL only narrows the candidates): the days of the span up to today,
        // today the last of them, out of as many days as the estimated duration (docs/domain/planning.md#days).
        const days = occupiedDays(row.start_date, row.estimated_duration_days, row.start_date, today);
        if (days.at(-1) !== today) return [];
        const total = Math.max(1, Math.floor(row.estimated_duration_days ?? 1));
        return [
          {
            id: row.id,
            title: row.name,
            status: row.status,
            team: row.team,
            time: todayTaskTime(days.length, total),
            progress: projectProgress(Number(row.done_count), Number(row.task_count)).percent,
            reference: row.reference,
            address: row.address,
          },
        ];
      });
    },

    /** « Projets en cours »: the first worksites à faire, en cours or en pause the caller sees. */
    async activeProjects(auth: AuthContext): Promise<ActiveProject[]> {
      const t = tenant(auth, DASHBOARD_ACCESS.activeProjects, noCompany);
      const rows = await db.run(t.scope, async (tx) =>
        dashboardRepository.active(tx, t.companyId, await visibleTeams(tx, t), DASHBOARD_LIMITS.activeProjects),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        team: row.team,
        status: row.status,
        reference: row.reference,
        progress: projectProgress(Number(row.done_count), Number(row.task_count)).percent,
      }));
    },

    /**
     * What needs action now (docs/domain/dashboard.md#alerts): each kind the caller may view, its first
     * DASHBOARD_LIMITS.alertsPerKind most urgent, and how many in all (0 for a kind he may not view).
     */
    async alerts(auth: AuthContext): Promise<DashboardAlerts> {
      const t = tenant(auth, DASHBOARD_ACCESS.alerts, noCompany);
      const today = parisToday();
      const found = await db.run(t.scope, async (tx) => {
        // Issue 32 (ADR 0028): the alerts are « À relancer »'s, after the company's delay.
        const afterDays = (await companySettingsQueries.get(tx, t.companyId)).reminder_after_days;
        return dashboardRepository.alerts(
          tx,
          t.companyId,
          {
            quotes: can(auth, DASHBOARD_FIGURES.quotes),
            invoices: can(auth, DASHBOARD_FIGURES.money),
            vehicles: can(auth, DASHBOARD_FIGURES.vehicles),
          },
          today,
          reminderSince(today, afterDays),
          attentionLimit(today),
          DASHBOARD_LIMITS.alertsPerKind,
        );
      });
      const data: DashboardAlert[] = [];
      for (const q of found.quotes?.rows ?? []) {
        const days = Number(q.days);
        data.push({
          kind: "quote",
          id: q.id,
          title: `${q.reference} · ${q.name}`,
          detail: quoteAlertDetail(days),
          href: `/quotes/${q.id}`,
          days,
        });
      }
      for (const i of found.invoices?.rows ?? []) {
        const days = dayNumber(today) - dayNumber(i.due_date);
        data.push({
          kind: "invoice",
          id: i.id,
          title: `${i.reference} · ${i.client}`,
          detail: invoiceAlertDetail(days, Math.round(Number(i.remaining) * 100) / 100),
          href: `/invoices/${i.id}`,
          days,
        });
      }
      for (const v of found.vehicles?.rows ?? []) {
        const [first] = vehicleAttention(v, today);
        if (!first) continue;
        data.push({
          kind: "vehicle",
          id: v.id,
          title: v.registration_number ? `${v.name} · ${v.registration_number}` : v.name,
          detail: first.text,
          href: `/vehicles/${v.id}`,
          days: dayNumber(first.date) - dayNumber(today),
        });
      }
      return {
        data,
        counts: {
          quote: Number(found.quotes?.count ?? 0),
          invoice: Number(found.invoices?.count ?? 0),
          vehicle: Number(found.vehicles?.count ?? 0),
        },
      };
    },

    /** The last 12 months, invoiced and collected, and the quotes' acceptance rate over them. */
    async history(auth: AuthContext): Promise<DashboardHistory> {
      const t = tenant(auth, DASHBOARD_ACCESS.history, noCompany);
      const today = parisToday();
      const count = DASHBOARD_LIMITS.historyMonths;
      const start = monthsBackStart(today, count);
      const found = await db.run(t.scope, (tx) => dashboardRepository.history(tx, t.companyId, start, today));
      return {
        months: lastMonths(today, count).map((month) => ({
          month,
          invoiced: found.invoiced.get(month) ?? 0,
          collected: found.collected.get(month) ?? 0,
        })),
        quotes: {
          answered: found.answered,
          accepted: found.accepted,
          acceptanceRate: acceptanceRate(found.accepted, found.answered),
        },
      };
    },
  };
}
