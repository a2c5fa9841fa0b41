import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, platform } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import {
  ACCOUNT_TEXTS,
  INACTIVE_DAYS,
  inactivityAlertMessage,
  type Plan,
  type PlatformAlert,
  type PlatformCompany,
  type PlatformCompanyCreate,
  type PlatformCompanyPatch,
  type platformCompaniesQuerySchema,
  type platformCompaniesResponseSchema,
  type platformCompanyCreatedSchema,
  type platformDashboardSchema,
  TRIAL_DAYS,
  TRIAL_ENDING_DAYS,
  trialAlertMessage,
} from "@shared/accounts";
import { addDays, parisToday } from "@shared/dates";
import type { z } from "zod";
import { accountTokensRepository } from "../accounts/account-tokens";
import { companiesQueries } from "../companies/companies.queries";
import { mailAccountLink } from "../messages/account-mails";
import { usersQueries } from "../users/users.queries";
import { type AlertCandidate, superadminRepository } from "./superadmin.repository";

type Dashboard = z.infer<typeof platformDashboardSchema>;
type CompaniesQuery = z.infer<typeof platformCompaniesQuerySchema>;
type CompaniesResponse = z.infer<typeof platformCompaniesResponseSchema>;
type CompanyCreated = z.infer<typeof platformCompanyCreatedSchema>;

/** The role of a new company's first administrator (docs/domain/permissions.md#default-roles). */
const ADMIN_ROLE = "Administrateur";
const DAY_MS = 24 * 3600 * 1000;
/** Why the sessions of a suspended company's users were closed (sessions.revoked_reason). */
const SUSPENDED_REASON = "company_suspended";

/**
 * The alerts of the dashboard (docs/domain/accounts.md#alerts): a trial ending within
 * TRIAL_ENDING_DAYS days or ended, then no activity for INACTIVE_DAYS days; each kind by date.
 */
export function alertsOf(candidates: readonly AlertCandidate[], now: Date): PlatformAlert[] {
  const today = parisToday(now);
  const trialLimit = addDays(today, TRIAL_ENDING_DAYS);
  const inactiveSince = now.getTime() - INACTIVE_DAYS * DAY_MS;
  const expiration: PlatformAlert[] = [];
  const inactivity: PlatformAlert[] = [];
  for (const c of candidates) {
    if (c.plan === "essai" && c.trial_ends_at !== null && c.trial_ends_at <= trialLimit) {
      expiration.push({
        type: "expiration",
        company_id: c.id,
        company_name: c.name,
        message: trialAlertMessage(c.trial_ends_at, today),
        date: c.trial_ends_at,
      });
    }
    const since = c.last_activity_at ?? c.created_at;
    if (since.getTime() <= inactiveSince) {
      inactivity.push({
        type: "inactivity",
        company_id: c.id,
        company_name: c.name,
        message: inactivityAlertMessage(Math.floor((now.getTime() - since.getTime()) / DAY_MS)),
        date: parisToday(since),
      });
    }
  }
  const byDate = (a: PlatformAlert, b: PlatformAlert) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.company_name.localeCompare(b.company_name, "fr");
  return [...expiration.sort(byDate), ...inactivity.sort(byDate)];
}

/**
 * The trial's end for a company on `plan`: the one given; else, for a trial, the current one when it
 * already was a trial, or today (Paris) + TRIAL_DAYS. Only a trial has an end.
 */
function trialEnd(plan: Plan, given: string | null | undefined, current: { plan: Plan; end: string | null } | null) {
  if (plan !== "essai") return null;
  if (given !== undefined) return given;
  if (current?.plan === "essai") return current.end;
  return addDays(parisToday(), TRIAL_DAYS);
}

/**
 * The SuperAdmin platform (docs/domain/accounts.md#superadmin-platform): every method starts with
 * `platform(auth)` and works in the platform scope, on companies, their users' counts and sessions only.
 */
export function createSuperadminService(db: Database) {
  async function found(id: string, read: (companyId: string) => Promise<PlatformCompany | undefined>) {
    const company = await read(idOr404(id, ACCOUNT_TEXTS.companyNotFound));
    if (!company) throw errors.notFound(ACCOUNT_TEXTS.companyNotFound);
    return company;
  }

  return {
    async dashboard(auth: AuthContext, now = new Date()): Promise<Dashboard> {
      platform(auth);
      const today = parisToday(now);
      return db.run("platform", async (tx) => {
        const kpis = await superadminRepository.kpis(tx);
        const recent = await superadminRepository.list(tx, {}, { limit: 5, offset: 0 });
        const candidates = await superadminRepository.alertCandidates(
          tx,
          new Date(now.getTime() - INACTIVE_DAYS * DAY_MS),
          addDays(today, TRIAL_ENDING_DAYS),
        );
        const alerts = alertsOf(candidates, now);
        return { kpis: { ...kpis, alerts: alerts.length }, recent_companies: recent.data, alerts };
      });
    },

    async list(auth: AuthContext, query: CompaniesQuery): Promise<CompaniesResponse> {
      platform(auth);
      const { data, total } = await db.run("platform", (tx) =>
        superadminRepository.list(
          tx,
          { search: query.search || undefined, status: query.status, plan: query.plan },
          { limit: query.limit, offset: (query.page - 1) * query.limit },
        ),
      );
      return {
        data,
        pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
      };
    },

    async get(auth: AuthContext, id: string): Promise<PlatformCompany> {
      platform(auth);
      return found(id, (companyId) => db.run("platform", (tx) => superadminRepository.find(tx, companyId)));
    },

    /**
     * A new company with its default roles and its first administrator, invited (no password yet) with
     * the Administrateur role; answers the 7-day invitation link to hand over.
     */
    async create(auth: AuthContext, input: PlatformCompanyCreate): Promise<CompanyCreated> {
      platform(auth);
      try {
        return await db.run("platform", async (tx) => {
          if ((await usersQueries.emailsTaken(tx, [input.admin.email])).length > 0) {
            throw errors.conflict(ACCOUNT_TEXTS.emailTaken);
          }
          const company = await companiesQueries.provision(tx, {
            name: input.name,
            plan: input.plan,
            trialEndsAt: trialEnd(input.plan, input.trial_ends_at, null),
            siret: input.siret || null,
            emailContact: input.email_contact || null,
            city: input.city || null,
          });
          const adminRole = company.roleIds.get(ADMIN_ROLE);
          if (!adminRole) throw new Error("no Administrateur role");
          const userId = await usersQueries.create(tx, {
            companyId: company.id,
            email: input.admin.email,
            fullName: input.admin.full_name,
            passwordHash: null,
            roleIds: [adminRole],
          });
          const link = await accountTokensRepository.issue(tx, {
            userId,
            companyId: company.id,
            kind: "invitation",
            createdBy: auth.userId,
          });
          await mailAccountLink(tx, {
            companyId: company.id,
            kind: "invitation",
            to: input.admin.email,
            fullName: input.admin.full_name,
            path: link.path,
            createdBy: { id: auth.userId, name: auth.user.full_name },
          });
          const created = await superadminRepository.find(tx, company.id);
          if (!created) throw new Error("company vanished");
          return { company: created, link: { path: link.path, expires_at: link.expiresAt.toISOString() } };
        });
      } catch (error) {
        // Another account took the e-mail between the check and the insert.
        if (isUniqueViolation(error, "users_email_lower_key")) throw errors.conflict(ACCOUNT_TEXTS.emailTaken);
        throw error;
      }
    },

    /** The subscription: plan and trial's end (docs/domain/accounts.md#plans). */
    async update(auth: AuthContext, id: string, input: PlatformCompanyPatch): Promise<PlatformCompany> {
      platform(auth);
      return found(id, (companyId) =>
        db.run("platform", async (tx) => {
          const current = await superadminRepository.subscription(tx, companyId);
          if (!current) return undefined;
          const plan = input.plan ?? current.plan;
          const trialEndsAt = trialEnd(plan, input.trial_ends_at, { plan: current.plan, end: current.trial_ends_at });
          await superadminRepository.setSubscription(tx, companyId, { plan, trialEndsAt });
          return superadminRepository.find(tx, companyId);
        }),
      );
    },

    /** Suspends the company: its users' sessions are revoked at once and sign-in is refused. */
    async suspend(auth: AuthContext, id: string): Promise<PlatformCompany> {
      platform(auth);
      return found(id, (companyId) =>
        db.run("platform", async (tx) => {
          if (!(await superadminRepository.setStatus(tx, companyId, "suspended"))) return undefined;
          await superadminRepository.revokeCompanySessions(tx, companyId, SUSPENDED_REASON);
          return superadminRepository.find(tx, companyId);
        }),
      );
    },

    /** Reactivates the company: its users sign in again. */
    async reactivate(auth: AuthContext, id: string): Promise<PlatformCompany> {
      platform(auth);
      return found(id, (companyId) =>
        db.run("platform", async (tx) => {
          if (!(await superadminRepository.setStatus(tx, companyId, "active"))) return undefined;
          return superadminRepository.find(tx, companyId);
        }),
      );
    },
  };
}
