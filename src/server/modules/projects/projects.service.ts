import type { Database, Db } from "@server/db/client";
import { type AuthContext, can, idOr404, type TenantAccess, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import type { ProjectFinishBody } from "@shared/dashboard";
import { parisToday } from "@shared/dates";
import {
  addressFromQuote,
  canFinishProject,
  canStartProject,
  durationDaysFromHours,
  isExecutable,
  notesFromQuote,
  PROJECT_LIMITS,
  PROJECT_TEXTS,
  type ProjectCreate,
  type ProjectDetail,
  type ProjectDraft,
  type ProjectFromQuote,
  type ProjectListQuery,
  type ProjectListResponse,
  type ProjectTaskDetail,
  type ProjectTaskTick,
  type ProjectUpdate,
  startDateFromQuote,
  tasksFromQuoteLines,
} from "@shared/projects";
import { QUOTE_TEXTS } from "@shared/quotes";
import { nextReference } from "../references/references.queries";
import { checkReferences, noCompany, PROJECTS_ACCESS, sees, visibleTeams } from "./project-access";
import { createProjectIssuesService } from "./project-issues.service";
import { type ProjectValues, projectsRepository, type QuoteForProject, type TaskValues } from "./projects.repository";

export { checkReferences, PROJECTS_ACCESS, restrictedMember, sees, visibleTeams } from "./project-access";

/** A task as a caller without `projects:budget` gets it: without its price. */
function taskShown<T extends { unit_price?: number | null }>(auth: AuthContext, task: T): T {
  if (can(auth, PROJECTS_ACCESS.amounts)) return task;
  const { unit_price: _price, ...rest } = task;
  return rest as T;
}

/**
 * A worksite as the caller may see it: without its budget nor its tasks' prices for a caller without
 * `projects:budget` (a Compagnon by default); the keys are left out, never set to null (null is « no budget »).
 */
function shown<
  T extends {
    budget_total?: number | null;
    tasks?: { unit_price?: number | null }[];
    tasks_preview?: unknown;
  },
>(auth: AuthContext, project: T): T {
  if (can(auth, PROJECTS_ACCESS.amounts)) return project;
  const { budget_total: _budget, ...rest } = project;
  return (rest.tasks ? { ...rest, tasks: rest.tasks.map((task) => taskShown(auth, task)) } : rest) as T;
}

/** The worksite the server proposes for a quote (spec 2 §5), `today` being the business day. */
function draftOf(quote: QuoteForProject, today: string): ProjectDraft {
  const tasks = tasksFromQuoteLines(quote.lines);
  return {
    quote_id: quote.id,
    quote_reference: quote.reference,
    client_id: quote.client_id,
    client: quote.client,
    name: quote.name,
    start_date: startDateFromQuote(today),
    address: addressFromQuote(quote.worksite, quote.client_parts),
    notes: notesFromQuote(quote.notes, quote.reference),
    // HT, as every budget (docs/domain/projects.md#creation-from-a-quote): the quote's TTC was copied before issue 32.
    budget_total: quote.total_ht,
    estimated_duration_days: durationDaysFromHours(tasks.map((task) => task.estimated_hours)),
    tasks,
  };
}

/** Only a validated quote without a worksite becomes one (spec 2 §4, §8): 409 with the spec's words. */
function assertQuoteAvailable(quote: QuoteForProject) {
  if (quote.status !== "valide") throw errors.conflict(QUOTE_TEXTS.noProjectUnlessValid);
  if (quote.project_id) throw errors.conflict(QUOTE_TEXTS.alreadyProject);
}

export function createProjectsService(db: Database) {
  async function detail(tx: Db, companyId: string, id: string, teamIds: readonly string[] | null) {
    const project = await projectsRepository.find(tx, companyId, id, teamIds);
    if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
    const tasks = await projectsRepository.tasks(tx, companyId, id);
    const { tasks_preview: _preview, ...rest } = project;
    return {
      ...rest,
      tasks,
      documents:
        project.quote_id && project.quote_reference
          ? [{ id: project.quote_id, type: "devis" as const, reference: project.quote_reference }]
          : [],
    } satisfies ProjectDetail;
  }

  /** The worksite `id`, locked, as the caller may see it (404 otherwise), and the teams he sees. */
  async function reach(tx: Db, t: TenantAccess, id: string) {
    const teamIds = await visibleTeams(tx, t);
    const project = await projectsRepository.find(tx, t.companyId, id, teamIds, true);
    if (!project) throw errors.notFound(PROJECT_TEXTS.notFound);
    return { project, teamIds };
  }

  async function insertProject(
    tx: Db,
    t: TenantAccess,
    values: ProjectValues,
    tasks: readonly TaskValues[],
    quoteId: string | null,
  ): Promise<string> {
    const reference = await nextReference(tx, t.companyId, "project", Number(parisToday().slice(0, 4)));
    let id: string;
    try {
      id = await projectsRepository.insert(tx, t.companyId, values, { reference, quoteId, createdBy: t.auth.userId });
    } catch (error) {
      // Another worksite was made from the quote at the same moment (projects_quote_key).
      if (quoteId && isUniqueViolation(error, "projects_quote_key")) throw errors.conflict(QUOTE_TEXTS.alreadyProject);
      throw error;
    }
    await projectsRepository.replaceTasks(
      tx,
      t.companyId,
      id,
      tasks.map((task) => ({ ...task, id: null })),
      t.auth.userId,
    );
    return id;
  }

  return {
    /**
     * A page of worksites, its total, and the count of each status over the filtered set without the
     * status filter (docs/domain/projects.md#list): the filter's counters stay meaningful.
     */
    async list(auth: AuthContext, query: ProjectListQuery): Promise<ProjectListResponse> {
      const t = tenant(auth, PROJECTS_ACCESS.list, noCompany);
      const search = query.search && query.search.length >= PROJECT_LIMITS.searchMin ? query.search : undefined;
      return db.run(t.scope, async (tx) => {
        const filter = {
          search,
          teamId: query.team_id,
          vehicleId: query.vehicle_id,
          clientId: query.client_id,
          teamIds: await visibleTeams(tx, t),
        };
        const counts = await projectsRepository.counts(tx, t.companyId, filter);
        const total = query.status ? counts[query.status] : counts.all;
        const offset = (query.page - 1) * query.limit;
        const data =
          total > offset
            ? await projectsRepository.list(
                tx,
                t.companyId,
                { ...filter, status: query.status },
                { limit: query.limit, offset, sort: query.sort, order: query.order },
              )
            : [];
        return {
          data: data.map((project) => shown(auth, project)),
          meta: { total, page: query.page, limit: query.limit, counts },
        };
      });
    },

    async get(auth: AuthContext, id: string): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.get, noCompany);
      const projectId = idOr404(id, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) =>
        shown(auth, await detail(tx, t.companyId, projectId, await visibleTeams(tx, t))),
      );
    },

    /** The worksite proposed for a validated quote without one (what the creation dialog shows). */
    async draft(auth: AuthContext, quoteId: string): Promise<ProjectDraft> {
      const t = tenant(auth, PROJECTS_ACCESS.draft, noCompany);
      const id = idOr404(quoteId, PROJECT_TEXTS.quoteNotFound);
      return db.run(t.scope, async (tx) => {
        const quote = await projectsRepository.quoteForProject(tx, t.companyId, id);
        if (!quote) throw errors.notFound(PROJECT_TEXTS.quoteNotFound);
        assertQuoteAvailable(quote);
        return draftOf(quote, parisToday());
      });
    },

    /** A blank worksite (« Créer un nouveau chantier »). */
    async create(auth: AuthContext, input: ProjectCreate): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.create, noCompany);
      return db.run(t.scope, async (tx) => {
        await checkReferences(tx, t.companyId, input);
        const { tasks, ...values } = input;
        const id = await insertProject(tx, t, values, tasks, null);
        return shown(auth, await detail(tx, t.companyId, id, null));
      });
    },

    /**
     * A worksite from a validated quote without one (spec 2 §5): what the body says, else the proposal;
     * the quote names it (quotes.project_id) in the same transaction.
     */
    async fromQuote(auth: AuthContext, input: ProjectFromQuote): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.fromQuote, noCompany);
      return db.run(t.scope, async (tx) => {
        const quote = await projectsRepository.quoteForProject(tx, t.companyId, input.quote_id, true);
        if (!quote)
          throw errors.validation(PROJECT_TEXTS.quoteNotFound, [
            { path: "quote_id", message: PROJECT_TEXTS.quoteNotFound },
          ]);
        assertQuoteAvailable(quote);
        const draft = draftOf(quote, parisToday());
        const values: ProjectValues = {
          name: input.name ?? draft.name,
          status: "à faire",
          client_id: quote.client_id,
          start_date: input.start_date === undefined ? draft.start_date : input.start_date,
          team_id: input.team_id,
          vehicle_id: input.vehicle_id,
          address: input.address === undefined ? draft.address : input.address,
          gate_code: input.gate_code,
          notes: input.notes === undefined ? draft.notes : input.notes,
          budget_total: input.budget_total === undefined ? draft.budget_total : input.budget_total,
          estimated_duration_days: 1,
          equipment: input.equipment,
        };
        const tasks: TaskValues[] = input.tasks ?? draft.tasks;
        values.estimated_duration_days =
          input.estimated_duration_days === undefined || input.estimated_duration_days === null
            ? durationDaysFromHours(tasks.map((task) => task.estimated_hours))
            : input.estimated_duration_days;
        await checkReferences(tx, t.companyId, values);
        const id = await insertProject(tx, t, values, tasks, quote.id);
        await projectsRepository.linkQuote(tx, t.companyId, quote.id, id);
        return shown(auth, await detail(tx, t.companyId, id, null));
      });
    },

    /** The whole worksite and its tasks (any status, spec 2 §4); a kept task keeps its tick. */
    async update(
      auth: AuthContext,
      id: string,
      input: ProjectUpdate,
      version?: ExpectedVersion,
    ): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.update, noCompany);
      const projectId = idOr404(id, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const { project, teamIds } = await reach(tx, t, projectId);
        // After the reach: a worksite the caller does not see answers 404, whatever the version.
        await projectsRepository.lockVersion(tx, t.companyId, projectId, version);
        await checkReferences(tx, t.companyId, input);
        const { tasks, ...values } = input;
        // A caller who does not see the amounts cannot change them: the stored budget and prices are kept.
        const amounts = can(auth, PROJECTS_ACCESS.amounts);
        await projectsRepository.update(tx, t.companyId, projectId, {
          ...values,
          budget_total: amounts ? values.budget_total : (project.budget_total ?? null),
        });
        await projectsRepository.replaceTasks(tx, t.companyId, projectId, tasks, t.auth.userId, !amounts);
        return shown(auth, await detail(tx, t.companyId, projectId, sees(teamIds, values.team_id) ? teamIds : null));
      });
    },

    /** Deletes the worksite, its tasks, imprévus and photos; its quote is freed (may make a new one). */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, PROJECTS_ACCESS.remove, noCompany);
      const projectId = idOr404(id, PROJECT_TEXTS.notFound);
      await db.run(t.scope, async (tx) => {
        await reach(tx, t, projectId);
        await projectsRepository.delete(tx, t.companyId, projectId);
      });
    },

    /** À faire or en pause → en cours (started_at the first time); already en cours: unchanged. */
    async start(auth: AuthContext, id: string): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.start, noCompany);
      const projectId = idOr404(id, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const { project, teamIds } = await reach(tx, t, projectId);
        if (project.status !== "en cours") {
          if (!canStartProject(project.status)) throw errors.conflict(PROJECT_TEXTS.cannotStart);
          await projectsRepository.setStatus(tx, t.companyId, projectId, "en cours");
        }
        return shown(auth, await detail(tx, t.companyId, projectId, teamIds));
      });
    },

    /**
     * En cours → livré (finished_at), with the client's satisfaction if answered; already livré: unchanged
     * (a finish sent twice), but for an answer it lacked (docs/domain/dashboard.md#satisfaction).
     */
    async finish(
      auth: AuthContext,
      id: string,
      body: ProjectFinishBody = { client_satisfied: null },
    ): Promise<ProjectDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.finish, noCompany);
      const projectId = idOr404(id, PROJECT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        const { project, teamIds } = await reach(tx, t, projectId);
        const replay = project.status === "livré";
        if (!replay) {
          if (!canFinishProject(project.status)) throw errors.conflict(PROJECT_TEXTS.cannotFinish);
          await projectsRepository.setStatus(tx, t.companyId, projectId, "livré");
        }
        await projectsRepository.setSatisfaction(tx, t.companyId, projectId, body.client_satisfied, replay);
        return shown(auth, await detail(tx, t.companyId, projectId, teamIds));
      });
    },

    async task(auth: AuthContext, id: string): Promise<ProjectTaskDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.task, noCompany);
      const taskId = idOr404(id, PROJECT_TEXTS.taskNotFound);
      return db.run(t.scope, async (tx) => {
        const task = await projectsRepository.task(tx, t.companyId, taskId);
        if (!task || !sees(await visibleTeams(tx, t), task.team_id)) throw errors.notFound(PROJECT_TEXTS.taskNotFound);
        const { project_status: _s, team_id: _t, ...rest } = task;
        return taskShown(auth, rest);
      });
    },

    /** Ticks or unticks a task of a worksite in progress (409 otherwise); when and by whom are kept. */
    async tick(auth: AuthContext, id: string, input: ProjectTaskTick): Promise<ProjectTaskDetail> {
      const t = tenant(auth, PROJECTS_ACCESS.tick, noCompany);
      const taskId = idOr404(id, PROJECT_TEXTS.taskNotFound);
      return db.run(t.scope, async (tx) => {
        const task = await projectsRepository.task(tx, t.companyId, taskId, true);
        if (!task || !sees(await visibleTeams(tx, t), task.team_id)) throw errors.notFound(PROJECT_TEXTS.taskNotFound);
        if (!isExecutable(task.project_status)) throw errors.conflict(PROJECT_TEXTS.notInProgress);
        await projectsRepository.tick(tx, t.companyId, taskId, input.is_done, t.auth.userId);
        const after = await projectsRepository.task(tx, t.companyId, taskId);
        if (!after) throw errors.notFound(PROJECT_TEXTS.taskNotFound);
        const { project_status: _s, team_id: _t, ...rest } = after;
        return taskShown(auth, rest);
      });
    },

    ...createProjectIssuesService(db),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
