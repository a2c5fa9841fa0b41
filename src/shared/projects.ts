import { z } from "zod";
import {
  clearable,
  clearableText,
  decimals,
  isoDay,
  limitParam,
  optionalText,
  pageParam,
  requiredField,
  requiredText,
  searchParam,
} from "./fields";
import { PROJECT_LIMITS, PROJECT_STATUSES, PROJECT_TEXTS } from "./project-rules";

export * from "./project-rules";

/** Wire shapes of /api/projects and /api/project-tasks, /api/project-issues (docs/domain/projects.md). */

/** Empty text, and the form's « none » for a team or a vehicle, are null (spec 2 §5). */
const noneIsNull = (v: unknown) => (v === "" || v === "none" ? null : v);
const emptyIsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
/** Empty text is null; a key left out stays undefined (the server's proposal applies). */
const trimmedOrNullKeepingAbsent = (v: unknown) => (typeof v === "string" ? v.trim() || null : v);

const name = () => requiredText(PROJECT_LIMITS.nameMax, PROJECT_TEXTS.nameRequired, PROJECT_TEXTS.nameTooLong);
const status = () => z.enum(PROJECT_STATUSES, { error: PROJECT_TEXTS.statusRequired });

const day = () => isoDay(PROJECT_TEXTS.dateInvalid);

const refId = (message: string) => z.uuid({ error: message });
const clientId = () => refId(PROJECT_TEXTS.clientNotFound);
const teamId = () => refId(PROJECT_TEXTS.teamNotFound);
const vehicleId = () => refId(PROJECT_TEXTS.vehicleNotFound);

const budget = () =>
  z
    .number({ error: PROJECT_TEXTS.budgetPositive })
    .min(0, PROJECT_TEXTS.budgetPositive)
    .max(1_000_000_000, PROJECT_TEXTS.budgetPositive)
    .refine((v) => decimals(v, 2), "Le budget a au plus 2 décimales");
const duration = () =>
  z
    .number({ error: PROJECT_TEXTS.durationMin })
    .int(PROJECT_TEXTS.durationMin)
    .min(1, PROJECT_TEXTS.durationMin)
    .max(3650, PROJECT_TEXTS.durationMin);

const hours = () =>
  z
    .number({ error: PROJECT_TEXTS.hoursPositive })
    .min(0, PROJECT_TEXTS.hoursPositive)
    .max(9999, PROJECT_TEXTS.hoursPositive)
    .refine((v) => decimals(v, 2), "Les heures ont au plus 2 décimales");
const unitPrice = () =>
  z
    .number({ error: PROJECT_TEXTS.unitPricePositive })
    .min(0, PROJECT_TEXTS.unitPricePositive)
    .max(10_000_000, "Prix unitaire trop grand")
    .refine((v) => decimals(v, 2), "Le prix a au plus 2 décimales");
const quantity = () =>
  z
    .number({ error: PROJECT_TEXTS.quantityPositive })
    .positive(PROJECT_TEXTS.quantityPositive)
    .max(1_000_000, "Quantité trop grande")
    .refine((v) => decimals(v, 3), "La quantité a au plus 3 décimales");

/**
 * A task as a form sends it. `id`: a task of this worksite kept by the edit (its tick survives); absent
 * or unknown, a new task. `is_done` left out keeps a kept task's tick (a new one is not done).
 */
export const projectTaskInputSchema = z.object({
  id: z.uuid({ error: PROJECT_TEXTS.taskNotFound }).nullish(),
  label: requiredText(PROJECT_LIMITS.taskLabelMax, PROJECT_TEXTS.taskLabelRequired),
  is_done: z.boolean().optional(),
  estimated_hours: z.preprocess(emptyIsNull, hours().nullish()).transform((v) => v ?? null),
  unit_price: z.preprocess(emptyIsNull, unitPrice().nullish()).transform((v) => v ?? null),
  quantity: z.preprocess(emptyIsNull, quantity().nullish()).transform((v) => v ?? 1),
});
export type ProjectTaskInput = z.output<typeof projectTaskInputSchema>;

const tasks = () =>
  z
    .array(projectTaskInputSchema, { error: "Une liste de tâches est attendue" })
    .max(PROJECT_LIMITS.maxTasks, PROJECT_TEXTS.tooManyTasks);

/** The equipment taken: strings, trimmed, blanks dropped, repeats merged, order kept. */
const equipment = () =>
  z
    .array(
      z
        .string({ error: PROJECT_TEXTS.equipmentInvalid })
        .transform((s) => s.trim())
        .pipe(z.string().max(PROJECT_LIMITS.equipmentItemLength, PROJECT_TEXTS.equipmentTooLong)),
      { error: PROJECT_TEXTS.equipmentInvalid },
    )
    .max(PROJECT_LIMITS.equipmentItems, PROJECT_TEXTS.tooManyEquipment)
    .transform((items) => [...new Set(items.filter((s) => s !== ""))]);

const optionalRef = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    noneIsNull,
    schema.nullish().transform((v) => v ?? null),
  );
const optionalNumber = <T extends z.ZodType<number>>(schema: T) =>
  z.preprocess(
    emptyIsNull,
    schema.nullish().transform((v) => v ?? null),
  );

/** POST /api/projects: a blank worksite (« Créer un nouveau chantier »); `à faire` unless said. */
export const projectCreateSchema = z.object({
  name: name(),
  status: status().default("à faire"),
  client_id: optionalRef(clientId()),
  start_date: optionalRef(day()),
  team_id: optionalRef(teamId()),
  vehicle_id: optionalRef(vehicleId()),
  address: optionalText(PROJECT_LIMITS.addressMax, "L'adresse"),
  gate_code: optionalText(PROJECT_LIMITS.gateCodeMax, "Le code d’accès"),
  notes: optionalText(PROJECT_LIMITS.notesMax, "Les notes"),
  budget_total: optionalNumber(budget()),
  estimated_duration_days: optionalNumber(duration()),
  equipment: equipment().prefault([]),
  tasks: tasks().prefault([]),
});
export type ProjectCreate = z.output<typeof projectCreateSchema>;

/**
 * PUT /api/projects/:id: the whole worksite and its tasks, every key required (« Champ obligatoire »
 * when left out); any status (spec 2 §4). `tasks` replaces the set: a task sent with its id is kept
 * (and its tick), the others are new, those left out are deleted.
 */
export const projectUpdateSchema = z.object({
  name: name(),
  status: requiredField(status()),
  client_id: requiredField(clientId().nullable(), noneIsNull),
  start_date: requiredField(day().nullable(), noneIsNull),
  team_id: requiredField(teamId().nullable(), noneIsNull),
  vehicle_id: requiredField(vehicleId().nullable(), noneIsNull),
  address: clearableText(PROJECT_LIMITS.addressMax, "L'adresse"),
  gate_code: clearableText(PROJECT_LIMITS.gateCodeMax, "Le code d’accès"),
  notes: clearableText(PROJECT_LIMITS.notesMax, "Les notes"),
  budget_total: requiredField(budget().nullable(), emptyIsNull),
  estimated_duration_days: requiredField(duration().nullable(), emptyIsNull),
  equipment: requiredField(equipment()),
  tasks: requiredField(tasks()),
});
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;
export type ProjectInput = ProjectCreate | ProjectUpdate;

/** A text the body may leave out (the proposal applies), give empty or null (none), or give. */
const proposalText = (max: number, label: string) =>
  z.preprocess(
    trimmedOrNullKeepingAbsent,
    z
      .string({ error: `${label} invalide` })
      .max(max, `${label}\u00a0: ${max} caractères au maximum`)
      .nullish(),
  );

/**
 * POST /api/projects/from-quote (spec 2 §7): the validated quote and what the dialog shows. Every key
 * but `quote_id` may be left out: the server's proposal (GET /api/projects/from-quote/:quoteId) applies;
 * `tasks` are the lines kept (unchecked ones left out).
 */
export const projectFromQuoteSchema = z.object({
  quote_id: z.uuid({ error: PROJECT_TEXTS.quoteRequired }),
  name: name().optional(),
  start_date: z.preprocess(noneIsNull, day().nullish()),
  team_id: optionalRef(teamId()),
  vehicle_id: optionalRef(vehicleId()),
  address: proposalText(PROJECT_LIMITS.addressMax, "L'adresse"),
  gate_code: optionalText(PROJECT_LIMITS.gateCodeMax, "Le code d’accès"),
  notes: proposalText(PROJECT_LIMITS.notesMax, "Les notes"),
  budget_total: z.preprocess(emptyIsNull, budget().nullish()),
  estimated_duration_days: z.preprocess(emptyIsNull, duration().nullish()),
  tasks: tasks().optional(),
  equipment: equipment().prefault([]),
});
export type ProjectFromQuote = z.output<typeof projectFromQuoteSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const projectTaskSchema = z.object({
  id: z.uuid(),
  position: z.number(),
  label: z.string(),
  is_done: z.boolean(),
  done_at: z.string().nullable(),
  done_by_name: z.string().nullable(),
  estimated_hours: z.number().nullable(),
  /** The price of the quote's line (null: none). Left out for a caller without `projects:budget`. */
  unit_price: z.number().nullable().optional(),
  quantity: z.number(),
});
export type ProjectTask = z.infer<typeof projectTaskSchema>;

/** GET /api/project-tasks/:id and the answer of its PUT: the task and its worksite. */
export const projectTaskDetailSchema = projectTaskSchema.extend({ project_id: z.uuid() });
export type ProjectTaskDetail = z.infer<typeof projectTaskDetailSchema>;

/** PUT /api/project-tasks/:id (spec 2 §7): tick or untick, on a worksite in progress. */
export const projectTaskTickSchema = z.object({
  is_done: z.boolean({ error: "Une valeur booléenne (true ou false) est attendue" }),
});
export type ProjectTaskTick = z.output<typeof projectTaskTickSchema>;

/** The client as a worksite shows it: to call, to go (spec 2 §3). */
export const projectClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
});
const namedSchema = z.object({ id: z.uuid(), name: z.string() });

const projectFields = {
  id: z.uuid(),
  reference: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  client_id: z.uuid().nullable(),
  client: projectClientSchema.nullable(),
  quote_id: z.uuid().nullable(),
  quote_reference: z.string().nullable(),
  start_date: z.string().nullable(),
  team_id: z.uuid().nullable(),
  team: namedSchema.nullable(),
  vehicle_id: z.uuid().nullable(),
  vehicle: namedSchema.nullable(),
  address: z.string().nullable(),
  gate_code: z.string().nullable(),
  notes: z.string().nullable(),
  /**
   * The budget (null: none set). Left out of the answer for a caller without `projects:budget` (a
   * Compagnon by default: docs/domain/projects.md#amounts).
   */
  budget_total: z.number().nullable().optional(),
  estimated_duration_days: z.number().nullable(),
  equipment: z.array(z.string()),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** « Le client est-il satisfait ? » as answered when it was finished; null: not asked or no answer (issue 16). */
  client_satisfied: z.boolean().nullable(),
  /** Tasks done, all tasks, and done / all rounded to a percent (spec 2 §2). */
  task_count: z.number(),
  done_count: z.number(),
  progress: z.number(),
  issue_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
};

/** A worksite as the list shows it (a card): its first tasks only. */
export const projectSchema = z.object({
  ...projectFields,
  /** The first tasks in order (the card shows 4, then « +N autres tâches »). */
  tasks_preview: z.array(z.object({ id: z.uuid(), label: z.string(), is_done: z.boolean() })),
});
export type Project = z.infer<typeof projectSchema>;

/** A document of a worksite (the « Documents » section): its quote today, its invoices later. */
export const projectDocumentSchema = z.object({
  id: z.uuid(),
  type: z.enum(["devis"]),
  reference: z.string(),
});

/** GET /api/projects/:id and the answers of POST, PUT, start and finish: the worksite and all its tasks. */
export const projectDetailSchema = z.object({
  ...projectFields,
  tasks: z.array(projectTaskSchema),
  documents: z.array(projectDocumentSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const PROJECT_SORTS = ["created_at", "start_date", "name", "reference"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PROJECT_SORT_ORDERS = ["asc", "desc"] as const;

/** GET /api/projects (spec 2 §7). `search` under 2 characters is no search (spec 2 §9). */
export const projectListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PROJECT_LIMITS.maxLimit, PROJECT_LIMITS.defaultLimit),
  search: searchParam().describe("Nom du chantier, nom du client ou référence, à partir de 2 caractères"),
  status: z
    .enum(PROJECT_STATUSES, { error: "Statut invalide (à faire, en cours, en pause, livré ou annulé)" })
    .optional(),
  team_id: z.uuid({ error: "Équipe invalide" }).optional(),
  vehicle_id: z.uuid({ error: "Véhicule invalide" }).optional(),
  client_id: z.uuid({ error: "Client invalide" }).optional(),
  sort: z
    .enum(PROJECT_SORTS, { error: "Tri invalide (created_at, start_date, name ou reference)" })
    .default("created_at"),
  order: z.enum(PROJECT_SORT_ORDERS, { error: "Ordre invalide (asc ou desc)" }).default("desc"),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

/** The number of worksites of each status, and of all, over the filtered set without its status filter. */
export const projectStatusCountsSchema = z.object({
  all: z.number(),
  "à faire": z.number(),
  "en cours": z.number(),
  "en pause": z.number(),
  livré: z.number(),
  annulé: z.number(),
});
export type ProjectStatusCounts = z.infer<typeof projectStatusCountsSchema>;

export const projectListResponseSchema = z.object({
  data: z.array(projectSchema),
  meta: z.object({
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    counts: projectStatusCountsSchema,
  }),
});
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/**
 * GET /api/projects/from-quote/:quoteId: the worksite the server proposes for a validated quote without
 * one (spec 2 §5), what the creation dialog shows before it is sent.
 */
export const projectDraftSchema = z.object({
  quote_id: z.uuid(),
  quote_reference: z.string(),
  client_id: z.uuid(),
  client: projectClientSchema,
  name: z.string(),
  start_date: z.string(),
  address: z.string().nullable(),
  notes: z.string(),
  budget_total: z.number(),
  estimated_duration_days: z.number(),
  tasks: z.array(
    z.object({ label: z.string(), estimated_hours: z.number(), unit_price: z.number(), quantity: z.number() }),
  ),
});
export type ProjectDraft = z.infer<typeof projectDraftSchema>;

// ---------------------------------------------------------------------------------------------
// Imprévus

const issueTitle = () => requiredText(PROJECT_LIMITS.issueTitleMax, PROJECT_TEXTS.issueTitleRequired);

/**
 * POST /api/project-issues (spec 2 §7). `client_key`: the id the phone gave an imprévu written
 * offline; sent again, the same imprévu is answered, never a second one.
 */
export const projectIssueCreateSchema = z.object({
  project_id: z.uuid({ error: PROJECT_TEXTS.notFound }),
  title: issueTitle(),
  description: optionalText(PROJECT_LIMITS.issueDescriptionMax, "La description"),
  client_key: z.uuid({ error: PROJECT_TEXTS.clientKeyInvalid }).optional(),
  /**
   * When it was written on the phone (issue 32: an imprévu written offline and sent later keeps that
   * time as its `created_at`), bounded by `issueWrittenAt` (docs/domain/projects.md#offline-on-site).
   */
  written_at: z.iso.datetime({ offset: true, error: PROJECT_TEXTS.writtenAtInvalid }).optional(),
});
export type ProjectIssueCreate = z.output<typeof projectIssueCreateSchema>;

/** PUT /api/project-issues/:id: title and description (empty: none). */
export const projectIssueUpdateSchema = z.object({
  title: issueTitle(),
  description: clearable(
    z
      .string({ error: "Description invalide" })
      .max(
        PROJECT_LIMITS.issueDescriptionMax,
        `La description\u00a0: ${PROJECT_LIMITS.issueDescriptionMax} caractères au maximum`,
      ),
  ),
});
export type ProjectIssueUpdate = z.output<typeof projectIssueUpdateSchema>;

export const projectIssueSchema = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  client_key: z.uuid().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectIssue = z.infer<typeof projectIssueSchema>;

/** GET /api/project-issues/:projectId: a worksite's imprévus, newest first. */
export const projectIssuesResponseSchema = z.object({ data: z.array(projectIssueSchema) });
export type ProjectIssues = z.infer<typeof projectIssuesResponseSchema>;

/** GET /api/project-issues: the imprévus of the worksites the user sees, newest first (one worksite's with project_id). */
export const projectIssueListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(PROJECT_LIMITS.issuesMaxLimit, PROJECT_LIMITS.issuesDefaultLimit),
  project_id: z.uuid({ error: "Chantier invalide" }).optional(),
});
export type ProjectIssueListQuery = z.output<typeof projectIssueListQuerySchema>;

export const projectIssueListResponseSchema = z.object({
  data: z.array(projectIssueSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type ProjectIssueList = z.infer<typeof projectIssueListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Photos

/**
 * A photo of a worksite (spec 2 §3 « id, filename, file_url »): `file_url` is the full image and
 * `thumbnail_url` its thumbnail, both short-lived signed URLs (docs/domain/files.md#signed-urls).
 * `client_key`: the id the phone gave a photo taken offline (POST sent again answers the same photo).
 */
export const projectPhotoSchema = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  filename: z.string().nullable(),
  file_url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  client_key: z.uuid().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProjectPhoto = z.infer<typeof projectPhotoSchema>;

/** GET /api/project-photos/:projectId: a worksite's photos, oldest first (at most 20). */
export const projectPhotosResponseSchema = z.object({ data: z.array(projectPhotoSchema) });
export type ProjectPhotos = z.infer<typeof projectPhotosResponseSchema>;

/**
 * POST /api/project-photos (multipart/form-data): the fields besides the file part `photo`. The
 * server reads them from the form; this schema checks them (the file is checked by its content).
 */
export const projectPhotoFieldsSchema = z.object({
  project_id: z.uuid({ error: PROJECT_TEXTS.notFound }),
  client_key: z.uuid({ error: PROJECT_TEXTS.clientKeyInvalid }).optional(),
});
export type ProjectPhotoFields = z.output<typeof projectPhotoFieldsSchema>;
