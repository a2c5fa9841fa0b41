import type { Db } from "@server/db/client";
import { clients } from "@server/db/schema";
import { containsPattern } from "@server/lib/search";
import type { Client, ClientCreate, ClientDocumentCounts, ClientStats, ClientUpdate } from "@shared/clients";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";

const columns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  phone: clients.phone,
  address: clients.address,
  postal_code: clients.postalCode,
  city: clients.city,
  notes: clients.notes,
  is_active: clients.isActive,
  created_at: clients.createdAt,
  updated_at: clients.updatedAt,
};

type Row = Omit<Client, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };
type RawRow = Omit<Client, "created_at" | "updated_at"> & { created_at: string; updated_at: string };

/** Raw SQL results carry timestamps as PostgreSQL text, the query builder as Date. */
function toClient(row: Row | RawRow): Client {
  const iso = (value: Date | string) => new Date(value).toISOString();
  return { ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export interface ClientFilter {
  status?: "active" | "inactive" | undefined;
  search?: string | undefined;
}

function where(companyId: string, filter: ClientFilter): SQL | undefined {
  return and(
    eq(clients.companyId, companyId),
    filter.status ? eq(clients.isActive, filter.status === "active") : undefined,
    filter.search ? sql`${clients.searchText} LIKE ${containsPattern(filter.search)}` : undefined,
  );
}

export const clientsRepository = {
  /**
   * One page and the total of the filtered set. Without a search, the page comes straight from the
   * (company, name) index and the total from a count. With one, the matching rows come from
   * clients_matching() (drizzle/0004_clients_search.sql: the trigram index stays usable under RLS)
   * and the total from a window count over them.
   */
  async list(tx: Db, companyId: string, filter: ClientFilter, page: { limit: number; offset: number }) {
    if (!filter.search) {
      const rows = await tx
        .select(columns)
        .from(clients)
        .where(where(companyId, filter))
        .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id))
        .limit(page.limit)
        .offset(page.offset);
      return { data: rows.map(toClient), total: await this.count(tx, companyId, filter) };
    }
    const status = filter.status ? sql`AND c.is_active = ${filter.status === "active"}` : sql``;
    const result = await tx.execute<RawRow & { total: number }>(sql`
      SELECT c.id, c.name, c.email, c.phone, c.address, c.postal_code, c.city, c.notes, c.is_active,
             c.created_at, c.updated_at, (count(*) OVER ())::int AS total
      FROM clients_matching(${containsPattern(filter.search)}) AS c
      WHERE c.company_id = ${companyId} ${status}
      ORDER BY lower(c.name), c.id
      LIMIT ${page.limit} OFFSET ${page.offset}`);
    const rows = result.rows;
    // A page past the end has no row to carry the total: count separately (rare).
    const total = rows[0]?.total ?? (page.offset > 0 ? await this.count(tx, companyId, filter) : 0);
    return { data: rows.map(({ total: _t, ...row }) => toClient(row)), total };
  },

  async count(tx: Db, companyId: string, filter: ClientFilter): Promise<number> {
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(clients).where(where(companyId, filter));
    return row?.n ?? 0;
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

  async find(tx: Db, companyId: string, id: string): Promise<Client | undefined> {
    const [row] = await tx
      .select(columns)
      .from(clients)
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)));
    return row ? toClient(row) : undefined;
  },

  async insert(tx: Db, companyId: string, input: ClientCreate): Promise<Client> {
    const [row] = await tx
      .insert(clients)
      .values({ companyId, ...fromInput(input), type: "particulier", lastName: input.name })
      .returning(columns);
    if (!row) throw new Error("client not inserted");
    return toClient(row);
  },

  async update(tx: Db, companyId: string, id: string, input: ClientUpdate): Promise<Client | undefined> {
    const [row] = await tx
      .update(clients)
      .set({
        ...fromInput(input),
        lastName: sql`CASE WHEN ${clients.type} = 'particulier' THEN ${input.name} END`,
        companyName: sql`CASE WHEN ${clients.type} = 'professionnel' THEN ${input.name} END`,
        ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
      .returning(columns);
    return row ? toClient(row) : undefined;
  },

  /**
   * The client's documents (quotes; worksites and invoices with their issues), its row locked until the
   * end of the transaction so that no document is added before it is deleted; undefined when unknown.
   */
  async documentsForDeletion(tx: Db, companyId: string, id: string): Promise<ClientDocumentCounts | undefined> {
    const result = await tx.execute<ClientDocumentCounts>(sql`
      SELECT (SELECT count(*)::int FROM quotes q WHERE q.company_id = ${companyId} AND q.client_id = c.id) AS quotes
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

  /**
   * Commercial figures of one client (docs/domain/clients.md), in SQL from the quotes. Worksites and
   * invoices arrive with their own issues: until their tables exist, their figures are the true
   * zero (revenue, average project value) or null (last project date); those issues extend this query.
   */
  async stats(tx: Db, companyId: string, clientId: string): Promise<ClientStats> {
    const result = await tx.execute<{
      total_quotes: number;
      quotes_accepted: number;
      quotes_pending: number;
      quotes_rejected: number;
      last_quote_date: string | null;
    }>(sql`
      SELECT count(*)::int AS total_quotes,
             (count(*) FILTER (WHERE status = 'valide'))::int AS quotes_accepted,
             (count(*) FILTER (WHERE status IN ('en cours de redaction', 'envoye au client', 'client relance')))::int AS quotes_pending,
             (count(*) FILTER (WHERE status = 'refuse'))::int AS quotes_rejected,
             to_char(max(date), 'YYYY-MM-DD') AS last_quote_date
      FROM quotes WHERE company_id = ${companyId} AND client_id = ${clientId}`);
    const row = result.rows[0];
    const accepted = row?.quotes_accepted ?? 0;
    const rejected = row?.quotes_rejected ?? 0;
    const decided = accepted + rejected;
    return {
      total_quotes: row?.total_quotes ?? 0,
      quotes_accepted: accepted,
      quotes_pending: row?.quotes_pending ?? 0,
      quotes_rejected: rejected,
      conversion_rate: decided === 0 ? 0 : Math.round((accepted / decided) * 1000) / 10,
      total_revenue: 0,
      average_project_value: 0,
      last_quote_date: row?.last_quote_date ?? null,
      last_project_date: null,
    };
  },

  /** The client's quotes, most recent first (the detail's 'Devis associés'). */
  async quotes(tx: Db, companyId: string, clientId: string) {
    const result = await tx.execute<{
      id: string;
      reference: string;
      name: string;
      status: string;
      date: string;
      total: string;
    }>(sql`
      SELECT id, reference, name, status, to_char(date, 'YYYY-MM-DD') AS date, total
      FROM quotes WHERE company_id = ${companyId} AND client_id = ${clientId}
      ORDER BY date DESC, reference DESC LIMIT 200`);
    return result.rows.map((r) => ({ ...r, total: Number(r.total) }));
  },
};

function fromInput(input: ClientCreate) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    address: input.address,
    postalCode: input.postal_code,
    city: input.city,
    notes: input.notes,
  };
}
