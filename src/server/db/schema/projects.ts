import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { companyIdColumn } from "./companies";
import { files } from "./files";
import { quotes } from "./quotes";
import { teams } from "./teams";
import { users } from "./users";
import { vehicles } from "./vehicles";

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * Worksites (chantiers, `/projects`; docs/domain/projects.md). A worksite keeps its client, quote, team
 * and vehicle: none of them can be deleted while a worksite names it (ON DELETE RESTRICT, a 409 in
 * French from their services).
 */
export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    /** CH-YYYY-NNNN (docs/domain/references.md). */
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    /** 'à faire' | 'en cours' | 'en pause' | 'livré' | 'annulé' */
    status: text("status").notNull().default("à faire"),
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "restrict" }),
    /** The validated quote it was created from; a quote has one worksite at most. */
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    startDate: date("start_date", { mode: "string" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "restrict" }),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "restrict" }),
    address: text("address"),
    gateCode: text("gate_code"),
    notes: text("notes"),
    budgetTotal: money("budget_total"),
    estimatedDurationDays: integer("estimated_duration_days"),
    /** The equipment list taken for it (copied from a template, then its own). */
    equipment: text("equipment").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The last day it occupies on the planning: its start, then working days until its estimated
     * duration is counted (`project_last_day()`, drizzle/0021; docs/domain/planning.md#days).
     */
    endDate: date("end_date", { mode: "string" }).generatedAlwaysAs(
      sql`project_last_day(start_date, estimated_duration_days)`,
    ),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * « Le client est-il satisfait ? », answered (or not: null) when the worksite is finished: the
     * home's « Clients satisfaits » (docs/domain/dashboard.md#satisfaction).
     */
    clientSatisfied: boolean("client_satisfied"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Lower-cased reference and name: what the search matches (trigram index); the client's name is
     * matched through the clients' own index. */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`fold(reference || ' ' || name)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("projects_company_reference_key").on(t.companyId, t.reference),
    uniqueIndex("projects_quote_key").on(t.quoteId).where(sql`${t.quoteId} IS NOT NULL`),
    index("projects_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("projects_company_status_idx").on(t.companyId, t.status, t.createdAt.desc(), t.id.desc()),
    index("projects_company_start_idx").on(t.companyId, t.startDate),
    // The list's other orders (docs/domain/projects.md#list, ADR 0032): by name (accents and case aside),
    // also under a status filter, either way; by start date, latest first, as orderBy() writes it.
    index("projects_company_name_idx").on(t.companyId, sql`fold(${t.name})`, t.id),
    index("projects_company_status_name_idx").on(t.companyId, t.status, sql`fold(${t.name})`, t.id),
    index("projects_company_start_desc_idx").on(
      t.companyId,
      t.startDate.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /** The planning's week: worksites ending on or after its Monday, started by its Sunday. */
    index("projects_company_end_idx").on(t.companyId, t.endDate, t.startDate),
    index("projects_company_team_idx").on(t.companyId, t.teamId, t.startDate),
    index("projects_company_vehicle_idx").on(t.companyId, t.vehicleId, t.startDate),
    index("projects_company_client_idx").on(t.companyId, t.clientId),
    /**
     * The delivered worksites by delivery: the home's satisfaction and its active worksites one month
     * ago (drizzle/0030 adds INCLUDE (created_at, team_id, client_satisfied): read from the index alone).
     */
    index("projects_company_finished_idx").on(t.companyId, t.finishedAt).where(sql`finished_at IS NOT NULL`),
    index("projects_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("projects_status_check", sql`${t.status} IN ('à faire', 'en cours', 'en pause', 'livré', 'annulé')`),
    check("projects_duration_check", sql`${t.estimatedDurationDays} IS NULL OR ${t.estimatedDurationDays} >= 1`),
  ],
);

/** A worksite's tasks, in order; ticked on site (`is_done`, when and by whom). */
export const projectTasks = pgTable(
  "project_tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    isDone: boolean("is_done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: uuid("done_by").references(() => users.id, { onDelete: "set null" }),
    estimatedHours: numeric("estimated_hours", { precision: 6, scale: 2, mode: "number" }),
    unitPrice: money("unit_price"),
    quantity: numeric("quantity", { precision: 12, scale: 3, mode: "number" }).notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("project_tasks_company_project_idx").on(t.companyId, t.projectId, t.position)],
);

/**
 * Unforeseen issues (imprévus) reported on site. `client_key`: the id the phone gave an issue written
 * offline, so that sending it again after a lost answer never makes a second one.
 */
export const projectIssues = pgTable(
  "project_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    clientKey: uuid("client_key"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("project_issues_company_project_idx").on(t.companyId, t.projectId, t.createdAt),
    uniqueIndex("project_issues_client_key").on(t.companyId, t.clientKey).where(sql`${t.clientKey} IS NOT NULL`),
  ],
);

/**
 * Photos taken on site: the image as stored (orientation applied, location removed) and its thumbnail,
 * both in `files`; their rows go with the photo (trigger in the migration), the photo with its worksite.
 */
export const projectPhotos = pgTable(
  "project_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    thumbnailFileId: uuid("thumbnail_file_id")
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    filename: text("filename"),
    width: integer("width"),
    height: integer("height"),
    clientKey: uuid("client_key"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("project_photos_company_project_idx").on(t.companyId, t.projectId, t.createdAt),
    uniqueIndex("project_photos_client_key").on(t.companyId, t.clientKey).where(sql`${t.clientKey} IS NOT NULL`),
  ],
);
