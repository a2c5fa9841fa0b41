import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";
import { users } from "./users";

/** A company's teams (docs/domain/teams.md). Worksites and the planning read them. */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    description: text("description"),
    /** Folded name (accents and case aside, `fold()`) and description: what the search matches (trigram index). */
    searchText: text("search_text").notNull().generatedAlwaysAs(sql`fold(name || ' ' || coalesce(description, ''))`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("teams_company_name_idx").on(t.companyId, sql`fold(${t.name})`, t.id),
    index("teams_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * The members of a team: users of the same company, in as many teams as needed; at most one of them
 * leads the team (`is_leader`).
 */
export const teamMembers = pgTable(
  "team_members",
  {
    companyId: companyIdColumn(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isLeader: boolean("is_leader").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index("team_members_company_user_idx").on(t.companyId, t.userId),
    uniqueIndex("team_members_one_leader_key").on(t.teamId).where(sql`${t.isLeader}`),
  ],
);
