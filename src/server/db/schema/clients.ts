import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyIdColumn } from "./companies";

/**
 * The client book (docs/domain/clients.md): individuals and businesses (ADR 0012). `name` is the display
 * name the server computes from the identity (« Mme Claire Martin », the raison sociale); the address,
 * postal code and city are the billing address.
 */
export const clients = pgTable(
  "clients",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    /** 'particulier' | 'professionnel' */
    type: text("type").notNull().default("particulier"),
    /** An individual's: 'M.' | 'Mme' | null. */
    civility: text("civility"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** A business's raison sociale. */
    companyName: text("company_name"),
    /** A business's SIRET (14 digits) or SIREN (9), digits only, its key checked. */
    siret: text("siret"),
    /** Intra-community VAT number, upper case without spaces. */
    vatNumber: text("vat_number"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    postalCode: text("postal_code"),
    city: text("city"),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
    /** Folded name (accents and case aside, `fold()`), e-mail, phone and city: what the list search matches (trigram index). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`fold(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))`,
      ),
    /**
     * The date of the client's latest document — an issued invoice, deposit invoice or credit note, or a
     * quote that is not a draft —, kept by statement triggers on invoices and quotes (drizzle/0030): the
     * home's « Clients actifs » read from one index (docs/domain/dashboard.md#active-clients).
     */
    lastDocumentOn: date("last_document_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clients_company_name_idx").on(t.companyId, sql`fold(${t.name})`, t.id),
    index("clients_company_active_idx").on(t.companyId, t.isActive),
    // The list's other orders (docs/domain/clients.md#as-a-table), read either way.
    index("clients_company_city_idx").on(t.companyId, sql`fold(${t.city})`, sql`fold(${t.name})`, t.id),
    index("clients_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("clients_company_last_document_idx").on(t.companyId, t.lastDocumentOn),
    index("clients_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // An import's duplicates: the same e-mail or the same SIREN in the company.
    index("clients_company_email_idx").on(t.companyId, sql`lower(${t.email})`).where(sql`${t.email} IS NOT NULL`),
    index("clients_company_siren_idx").on(t.companyId, sql`left(${t.siret}, 9)`).where(sql`${t.siret} IS NOT NULL`),
    check("clients_type_check", sql`${t.type} IN ('particulier', 'professionnel')`),
    check("clients_civility_check", sql`${t.civility} IS NULL OR ${t.civility} IN ('M.', 'Mme')`),
    check(
      "clients_identity_check",
      sql`(${t.type} = 'particulier' AND ${t.lastName} IS NOT NULL AND ${t.companyName} IS NULL)
        OR (${t.type} = 'professionnel' AND ${t.companyName} IS NOT NULL AND ${t.lastName} IS NULL
            AND ${t.firstName} IS NULL AND ${t.civility} IS NULL)`,
    ),
  ],
);

/** A business's contact people, in their order. Part of the client: deleted with it. */
export const clientContacts = pgTable(
  "client_contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    /** Their role (« Gérant », « Comptable », « Syndic »…). */
    role: text("role"),
    phone: text("phone"),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_contacts_client_idx").on(t.companyId, t.clientId, t.position)],
);

/**
 * A client's worksite addresses (the billing address is the client's own), in their order; a quote
 * will name one. Part of the client: deleted with it.
 */
export const clientAddresses = pgTable(
  "client_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyIdColumn(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** What the client calls it (« Maison de campagne », « Bâtiment B »). */
    label: text("label"),
    address: text("address").notNull(),
    postalCode: text("postal_code"),
    city: text("city"),
    /** The last answer to « Logement achevé depuis plus de 2 ans ? » for this address (ADR 0029); null: never asked. */
    premises: text("premises"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("client_addresses_client_idx").on(t.companyId, t.clientId, t.position)],
);
