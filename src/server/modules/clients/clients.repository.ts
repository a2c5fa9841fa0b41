import { randomUUID } from "node:crypto";
import type { Db } from "@server/db/client";
import { clientAddresses, clientContacts, clients } from "@server/db/schema";
import { direction, uuidArray } from "@server/db/sql";
import { containsPattern } from "@server/lib/search";
import { type ExpectedVersion, lockTenantVersion } from "@server/lib/versions";
import type { ExistingClientKey } from "@shared/client-csv";
import type {
  ClientAddressInput,
  ClientContactInput,
  ClientDocumentCounts,
  ClientRecord,
  ClientSort,
  ClientValues,
} from "@shared/clients";
import type { SortOrder } from "@shared/fields";
import type { Premises } from "@shared/vat-rules";
import { and, eq, notInArray, type SQL, sql } from "drizzle-orm";
import { clientFiguresRepository } from "./client-figures.repository";

/**
 * The columns of a client as the wire shows them, read from the relation `c`, with its contacts and
 * worksite addresses aggregated in the same statement (one query per page, never one per client).
 */
const CLIENT_COLUMNS = sql`
  c.id, c.name, c.type, c.civility, c.first_name, c.last_name, c.company_name, c.siret, c.vat_number,
  c.email, c.phone, c.address, c.postal_code, c.city, c.notes, c.is_active, c.created_at, c.updated_at,
  coalesce((
    SELECT json_agg(json_build_object('id', k.id, 'name', k.name, 'role', k.role, 'phone', k.phone,
                                      'email', k.email) ORDER BY k.position, k.id)
    FROM client_contacts k WHERE k.company_id = c.company_id AND k.client_id = c.id), '[]'::json) AS contacts,
  coalesce((
    SELECT json_agg(json_build_object('id', a.id, 'label', a.label, 'address', a.address,
                                      'postal_code', a.postal_code, 'city', a.city, 'premises', a.premises)
                                      ORDER BY a.position, a.id)
    FROM client_addresses a WHERE a.company_id = c.company_id AND a.client_id = c.id), '[]'::json) AS addresses`;

type RawRow = Omit<ClientRecord, "created_at" | "updated_at"> & {
  created_at: string | Date;
  updated_at: string | Date;
};

/** Raw SQL results carry timestamps as PostgreSQL text or Date, depending on the driver's parsers. */
function toClient(row: RawRow): ClientRecord {
  const iso = (value: Date | string) => new Date(value).toISOString();
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export interface ClientFilter {
  status?: "active" | "inactive" | undefined;
  search?: string | undefined;
  /** A table's selection (the export of `ids`): these clients only. */
  ids?: readonly string[] | undefined;
}

function statusCondition(filter: ClientFilter): SQL {
  const status = filter.status ? sql`AND c.is_active = ${filter.status === "active"}` : sql``;
  return filter.ids ? sql`${status} AND c.id = ANY(${uuidArray(filter.ids)}::uuid[])` : status;
}

/** The list's order (docs/domain/clients.md#as-a-table). */
export interface ClientOrder {
  sort: ClientSort;
  order: SortOrder;
}

/**
 * The list's ORDER BY on alias `c`, every key in the one direction so that an index scanned either way
 * gives it (the name's (company, fold(name), id); drizzle/0045: (company, fold(city), fold(name), id),
 * (company, created_at, id)); each ends on the id, so pages never overlap.
 */
function orderBy({ sort, order }: ClientOrder): SQL {
  const d = direction(order);
  if (sort === "city") return sql`fold(c.city) ${d}, fold(c.name) ${d}, c.id ${d}`;
  if (sort === "created_at") return sql`c.created_at ${d}, c.id ${d}`;
  return sql`fold(c.name) ${d}, c.id ${d}`;
}

/** The stored columns of a client's values. */
function clientColumns(values: ClientValues) {
  return {
    name: values.name,
    type: values.type,
    civility: values.civility,
    firstName: values.first_name,
    lastName: values.last_name,
    companyName: values.company_name,
    siret: values.siret,
    vatNumber: values.vat_number,
    email: values.email,
    phone: values.phone,
    address: values.address,
    postalCode: values.postal_code,
    city: values.city,
    notes: values.notes,
  };
}

const contactColumns = (c: ClientContactInput) => ({ name: c.name, role: c.role, phone: c.phone, email: c.email });
const addressColumns = (a: ClientAddressInput) => ({
  label: a.label,
  address: a.address,
  postalCode: a.postal_code,
  city: a.city,
  // Left out, the answer remembered for the address stays (ADR 0029).
  ...(a.premises === undefined ? {} : { premises: a.premises }),
});

/** Rows are written by batches of this many (well under PostgreSQL's 65,535 parameters per statement). */
const BATCH = 1000;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * The clients' SQL; a client's figures and documents (its detail's « stats », « Chantiers associés »,
 * « Devis associés ») are in client-figures.repository.ts, composed here.
 */
export const clientsRepository = {
  ...clientFiguresRepository,

  /** Locks the client and refuses a replaced version (ADR 0024). */
  lockVersion: (tx: Db, companyId: string, id: string, version: ExpectedVersion) =>
    lockTenantVersion(tx, version, clients, companyId, id),

  /**
   * Remembers the answer to « Logement achevé depuis plus de 2 ans ? » on the client's worksite address
   * that a quote names (the same address, postal code, city and label: the quote holds a copy; ADR
   * 0029). An address the client no longer has is left alone.
   */
  async rememberPremises(
    tx: Db,
    companyId: string,
    clientId: string,
    site: { label: string | null; address: string; postal_code: string | null; city: string | null },
    premises: Premises,
  ): Promise<void> {
    await tx.execute(sql`
      UPDATE client_addresses SET premises = ${premises}
      WHERE company_id = ${companyId} AND client_id = ${clientId} AND address = ${site.address}
        AND postal_code IS NOT DISTINCT FROM ${site.postal_code} AND city IS NOT DISTINCT FROM ${site.city}
        AND label IS NOT DISTINCT FROM ${site.label}`);
  },
  /**
   * One page and the total of the filtered set. Without a search, the page comes straight from the
   * (company, name) index and the total from a count. With one, the matching rows come from
   * clients_matching() (drizzle/0004_clients_search.sql: the trigram index stays usable under RLS)
   * and the total from a window count over them.
   */
  async list(
    tx: Db,
    companyId: string,
    filter: ClientFilter,
    page: { limit: number; offset: number },
    order: ClientOrder = { sort: "name", order: "asc" },
  ) {
    if (!filter.search) {
      const result = await tx.execute<RawRow>(sql`
        SELECT ${CLIENT_COLUMNS} FROM clients c
        WHERE c.company_id = ${companyId} ${statusCondition(filter)}
        ORDER BY ${orderBy(order)}
        LIMIT ${page.limit} OFFSET ${page.offset}`);
      return { data: result.rows.map(toClient), total: await this.count(tx, companyId, filter) };
    }
    const result = await tx.execute<RawRow & { total: number }>(sql`
      SELECT ${CLIENT_COLUMNS}, (count(*) OVER ())::int AS total
      FROM clients_matching(${containsPattern(filter.search)}) AS c
      WHERE c.company_id = ${companyId} ${statusCondition(filter)}
      ORDER BY ${orderBy(order)}
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = result.rows;
    // A page past the end has no row to carry the total: count separately (rare).
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.count(tx, companyId, filter) : 0);
    return { data: rows.map(({ total: _t, ...row }) => toClient(row)), total };
  },

  async count(tx: Db, companyId: string, filter: ClientFilter): Promise<number> {
    const search = filter.search ? sql`AND c.search_text LIKE ${containsPattern(filter.search)}` : sql``;
    const result = await tx.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM clients c
      WHERE c.company_id = ${companyId} ${statusCondition(filter)} ${search}`);
    return result.rows[0]?.n ?? 0;
  },

  async counters(tx: Db, companyId: string) {
    const [row] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) FILTER (WHERE ${clients.isActive})::int`,
        with_phone: sql<number>`count(*) FILTER (WHERE ${clients.phone} IS NOT NULL)::int`,
      })
      .from(clients)
      .where(eq(clients.companyId, companyId));
    return row ?? { total: 0, active: 0, with_phone: 0 };
  },

  /** A client with its contacts and addresses; `lock` holds its row until the end of the transaction. */
  async find(tx: Db, companyId: string, id: string, lock = false): Promise<ClientRecord | undefined> {
    const result = await tx.execute<RawRow>(sql`
      SELECT ${CLIENT_COLUMNS} FROM clients c
      WHERE c.company_id = ${companyId} AND c.id = ${id} ${lock ? sql`FOR UPDATE OF c` : sql``}`);
    const row = result.rows[0];
    return row ? toClient(row) : undefined;
  },

  /** Adds a client with its contacts and worksite addresses; answers its id. */
  async insert(tx: Db, companyId: string, values: ClientValues): Promise<string> {
    const id = randomUUID();
    await this.insertMany(tx, companyId, [{ id, values }]);
    return id;
  },

  /**
   * Adds clients and their contacts and addresses by batches: one multi-row statement per batch of
   * each table, never one per client (an import of 10,000 clients).
   */
  async insertMany(tx: Db, companyId: string, rows: readonly { id: string; values: ClientValues }[]) {
    for (const batch of batches(rows)) {
      await tx.insert(clients).values(batch.map(({ id, values }) => ({ id, companyId, ...clientColumns(values) })));
    }
    const contacts = rows.flatMap(({ id, values }) =>
      values.contacts.map((c, position) => ({ companyId, clientId: id, position, ...contactColumns(c) })),
    );
    for (const batch of batches(contacts)) await tx.insert(clientContacts).values(batch);
    const addresses = rows.flatMap(({ id, values }) =>
      values.addresses.map((a, position) => ({ companyId, clientId: id, position, ...addressColumns(a) })),
    );
    for (const batch of batches(addresses)) await tx.insert(clientAddresses).values(batch);
    return rows.length;
  },

  /**
   * Writes a client's values, its active flag, contacts and worksite addresses. Contacts and addresses
   * given with the id of one of the client's are updated in place (a quote pointing at an address keeps
   * it), the others added; those of the client no longer listed are removed.
   */
  async update(tx: Db, companyId: string, id: string, values: ClientValues, isActive: boolean): Promise<boolean> {
    const rows = await tx
      .update(clients)
      .set({ ...clientColumns(values), isActive, updatedAt: sql`now()` })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning({ id: clients.id });
    if (rows.length === 0) return false;
    await syncContacts(tx, companyId, id, values.contacts);
    await syncAddresses(tx, companyId, id, values.addresses);
    return true;
  },

  /**
   * The client's documents (quotes; worksites and invoices with their issues), its row locked until the
   * end of the transaction so that no document is added before it is deleted; undefined when unknown.
   */
  async documentsForDeletion(tx: Db, companyId: string, id: string): Promise<ClientDocumentCounts | undefined> {
    const result = await tx.execute<ClientDocumentCounts>(sql`
      SELECT (SELECT count(*)::int FROM quotes q WHERE q.company_id = ${companyId} AND q.client_id = c.id) AS quotes,
        (SELECT count(*)::int FROM projects p WHERE p.company_id = ${companyId} AND p.client_id = c.id) AS projects,
        (SELECT count(*)::int FROM invoices i WHERE i.company_id = ${companyId} AND i.client_id = c.id) AS invoices
      FROM clients c WHERE c.company_id = ${companyId} AND c.id = ${id}
      FOR UPDATE OF c`);
    return result.rows[0];
  },

  async delete(tx: Db, companyId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning({ id: clients.id });
    return rows.length === 1;
  },

  /** Every client of the filtered list, with contacts and addresses (an export), sorted as the list. */
  async all(tx: Db, companyId: string, filter: ClientFilter, max: number): Promise<ClientRecord[]> {
    const { data } = await this.list(tx, companyId, filter, { limit: max, offset: 0 });
    return data;
  },

  /**
   * The company's clients with one of these e-mails (lower case) or SIRENs: what an import's rows may
   * repeat. The lists travel as one JSON parameter each (10,000 rows: two parameters, not 20,000).
   */
  async matchingKeys(
    tx: Db,
    companyId: string,
    emails: readonly string[],
    sirens: readonly string[],
  ): Promise<ExistingClientKey[]> {
    if (emails.length === 0 && sirens.length === 0) return [];
    const result = await tx.execute<ExistingClientKey>(sql`
      SELECT c.id, c.name, lower(c.email) AS email, left(c.siret, 9) AS siren
      FROM clients c
      WHERE c.company_id = ${companyId}
        AND ((c.email IS NOT NULL
              AND lower(c.email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb)))
          OR (c.siret IS NOT NULL
              AND left(c.siret, 9) IN (SELECT jsonb_array_elements_text(${JSON.stringify(sirens)}::jsonb))))
      ORDER BY c.created_at, c.id`);
    return result.rows;
  },

  /**
   * Fills the empty fields of clients from an import's rows (a merge), by batches of one statement
   * each: contact details, billing address and notes; for a business its SIRET, its VAT number when
   * it holds the same SIREN, and the contacts it has no one of that name for. The identity stays.
   */
  async mergeMany(tx: Db, companyId: string, merges: readonly { clientId: string; values: ClientValues }[]) {
    for (const batch of batches(merges)) {
      const rows = batch.map(({ clientId, values }) => ({
        id: clientId,
        email: values.email,
        phone: values.phone,
        address: values.address,
        postal_code: values.postal_code,
        city: values.city,
        notes: values.notes,
        siret: values.siret,
        vat_number: values.vat_number,
      }));
      await tx.execute(sql`
        UPDATE clients c SET
          email = coalesce(c.email, v.email),
          phone = coalesce(c.phone, v.phone),
          address = coalesce(c.address, v.address),
          postal_code = coalesce(c.postal_code, v.postal_code),
          city = coalesce(c.city, v.city),
          notes = coalesce(c.notes, v.notes),
          siret = CASE WHEN c.type = 'professionnel' THEN coalesce(c.siret, v.siret) END,
          vat_number = CASE WHEN c.type = 'professionnel' THEN coalesce(c.vat_number,
            CASE WHEN c.siret IS NULL OR left(c.siret, 9) = left(v.siret, 9) THEN v.vat_number END) END,
          updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS v(id uuid, email text, phone text, address text, postal_code text, city text, notes text,
               siret text, vat_number text)
        WHERE c.company_id = ${companyId} AND c.id = v.id`);
      const contacts = batch.flatMap(({ clientId, values }) =>
        values.contacts.map((k, i) => ({ client_id: clientId, i, ...k })),
      );
      if (contacts.length === 0) continue;
      await tx.execute(sql`
        INSERT INTO client_contacts (company_id, client_id, position, name, role, phone, email)
        SELECT ${companyId}, v.client_id,
               coalesce((SELECT max(k.position) + 1 FROM client_contacts k
                         WHERE k.company_id = ${companyId} AND k.client_id = v.client_id), 0) + v.i,
               v.name, v.role, v.phone, v.email
        FROM jsonb_to_recordset(${JSON.stringify(contacts)}::jsonb)
          AS v(client_id uuid, i int, name text, role text, phone text, email text)
        JOIN clients c ON c.company_id = ${companyId} AND c.id = v.client_id AND c.type = 'professionnel'
        WHERE NOT EXISTS (SELECT 1 FROM client_contacts k
                          WHERE k.company_id = ${companyId} AND k.client_id = v.client_id
                            AND lower(k.name) = lower(v.name))`);
    }
    return merges.length;
  },
};

/** The ids of a client's rows of `table` (contacts or addresses). */
async function idsOf(
  tx: Db,
  table: typeof clientContacts | typeof clientAddresses,
  companyId: string,
  clientId: string,
) {
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.clientId, clientId)));
  return new Set(rows.map((r) => r.id));
}

async function syncContacts(tx: Db, companyId: string, clientId: string, contacts: readonly ClientContactInput[]) {
  const known = await idsOf(tx, clientContacts, companyId, clientId);
  const kept = contacts.flatMap((c) => (c.id && known.has(c.id) ? [c.id] : []));
  await tx
    .delete(clientContacts)
    .where(
      and(
        eq(clientContacts.companyId, companyId),
        eq(clientContacts.clientId, clientId),
        kept.length > 0 ? notInArray(clientContacts.id, kept) : undefined,
      ),
    );
  const added: (typeof clientContacts.$inferInsert)[] = [];
  for (const [position, contact] of contacts.entries()) {
    if (contact.id && known.has(contact.id)) {
      await tx
        .update(clientContacts)
        .set({ position, ...contactColumns(contact) })
        .where(and(eq(clientContacts.companyId, companyId), eq(clientContacts.id, contact.id)));
    } else added.push({ companyId, clientId, position, ...contactColumns(contact) });
  }
  if (added.length > 0) await tx.insert(clientContacts).values(added);
}

async function syncAddresses(tx: Db, companyId: string, clientId: string, addresses: readonly ClientAddressInput[]) {
  const known = await idsOf(tx, clientAddresses, companyId, clientId);
  const kept = addresses.flatMap((a) => (a.id && known.has(a.id) ? [a.id] : []));
  await tx
    .delete(clientAddresses)
    .where(
      and(
        eq(clientAddresses.companyId, companyId),
        eq(clientAddresses.clientId, clientId),
        kept.length > 0 ? notInArray(clientAddresses.id, kept) : undefined,
      ),
    );
  const added: (typeof clientAddresses.$inferInsert)[] = [];
  for (const [position, address] of addresses.entries()) {
    if (address.id && known.has(address.id)) {
      await tx
        .update(clientAddresses)
        .set({ position, ...addressColumns(address) })
        .where(and(eq(clientAddresses.companyId, companyId), eq(clientAddresses.id, address.id)));
    } else added.push({ companyId, clientId, position, ...addressColumns(address) });
  }
  if (added.length > 0) await tx.insert(clientAddresses).values(added);
}
