import { randomUUID } from "node:crypto";
import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  CLIENT_CSV_LIMITS,
  type ClientImportInput,
  type ClientImportResult,
  clientCsvRows,
  planClientImport,
  readClientCsv,
} from "@shared/client-csv";
import type {
  ClientCounters,
  ClientCreate,
  ClientDetail,
  ClientExportQuery,
  ClientListResponse,
  ClientRecord,
  ClientUpdate,
  ClientValues,
} from "@shared/clients";
import {
  CLIENT_LIMITS,
  CLIENT_SORT_ORDERS,
  CLIENT_TEXTS,
  clientHasDocuments,
  clientHasDocumentsMessage,
  type clientListQuerySchema,
  clientValuesIssues,
  clientValuesOfCreate,
  clientValuesOfUpdate,
  sirenOf,
} from "@shared/clients";
import { toCsv } from "@shared/csv";
import { parisToday } from "@shared/dates";
import { clientsRepository } from "./clients.repository";

type ListQuery = ReturnType<typeof clientListQuerySchema.parse>;

/** Who may do what with clients: read by the routes (config.access) and checked again here. */
export const CLIENTS_ACCESS = permissions({
  list: "clients:view",
  counters: "clients:view",
  get: "clients:view",
  export: "clients:view",
  create: "clients:create",
  import: "clients:create",
  update: "clients:edit",
  remove: "clients:delete",
});

/** Clients belong to a company: a platform account has none to show or create. */
const noCompany = CLIENT_TEXTS.companyRequiredToView;

/** A 400 for the rules across fields (docs/domain/clients.md#rules), as the validation plugin words one. */
function assertValid(values: ClientValues) {
  const issues = clientValuesIssues(values);
  if (issues.length > 0) throw errors.validation(issues[0]?.message ?? CLIENT_TEXTS.updateFailed, issues);
}

export function createClientsService(db: Database) {
  return {
    async list(auth: AuthContext, query: ListQuery): Promise<ClientListResponse> {
      const t = tenant(auth, CLIENTS_ACCESS.list, noCompany);
      const filter = { status: query.status, search: query.search };
      const { data, total } = await db.run(t.scope, (tx) =>
        clientsRepository.list(
          tx,
          t.companyId,
          filter,
          { limit: query.limit, offset: (query.page - 1) * query.limit },
          { sort: query.sort, order: query.order ?? CLIENT_SORT_ORDERS[query.sort] },
        ),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    /** Header counters over the whole client book; fetched apart from the (per keystroke) search. */
    async counters(auth: AuthContext): Promise<ClientCounters> {
      const t = tenant(auth, CLIENTS_ACCESS.counters, noCompany);
      return db.run(t.scope, (tx) => clientsRepository.counters(tx, t.companyId));
    },

    async get(auth: AuthContext, id: string, include: Set<string>): Promise<ClientDetail> {
      const { scope, companyId } = tenant(auth, CLIENTS_ACCESS.get, noCompany);
      const clientId = idOr404(id, CLIENT_TEXTS.notFound);
      return db.run(scope, async (tx) => {
        const client = await clientsRepository.find(tx, companyId, clientId);
        if (!client) throw errors.notFound(CLIENT_TEXTS.notFound);
        const detail: ClientDetail = { ...client };
        if (include.has("projects")) detail.projects = await clientsRepository.projects(tx, companyId, clientId);
        if (include.has("quotes")) detail.quotes = await clientsRepository.quotes(tx, companyId, clientId);
        if (include.has("stats")) detail.stats = await clientsRepository.stats(tx, companyId, clientId, parisToday());
        return detail;
      });
    },

    /** A new client (ADR 0012: a body without `type` is an individual whose last name is `name`). */
    async create(auth: AuthContext, input: ClientCreate): Promise<ClientRecord> {
      const t = tenant(auth, CLIENTS_ACCESS.create, CLIENT_TEXTS.companyRequired);
      const values = clientValuesOfCreate(input);
      assertValid(values);
      return db.run(t.scope, async (tx) => {
        const id = await clientsRepository.insert(tx, t.companyId, values);
        const client = await clientsRepository.find(tx, t.companyId, id);
        if (!client) throw errors.notFound(CLIENT_TEXTS.notFound);
        return client;
      });
    },

    /** The whole client; the typed fields a body leaves out keep their stored values (ADR 0012). */
    async update(auth: AuthContext, id: string, input: ClientUpdate, version?: ExpectedVersion): Promise<ClientRecord> {
      const t = tenant(auth, CLIENTS_ACCESS.update, noCompany);
      const clientId = idOr404(id, CLIENT_TEXTS.notFound);
      return db.run(t.scope, async (tx) => {
        await clientsRepository.lockVersion(tx, t.companyId, clientId, version);
        const current = await clientsRepository.find(tx, t.companyId, clientId, true);
        if (!current) throw errors.notFound(CLIENT_TEXTS.notFound);
        const values = clientValuesOfUpdate(current, input);
        assertValid(values);
        await clientsRepository.update(tx, t.companyId, clientId, values, input.is_active);
        const client = await clientsRepository.find(tx, t.companyId, clientId);
        if (!client) throw errors.notFound(CLIENT_TEXTS.notFound);
        return client;
      });
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, CLIENTS_ACCESS.remove, noCompany);
      const clientId = idOr404(id, CLIENT_TEXTS.notFound);
      // A client with documents stays (409, and ON DELETE RESTRICT in the database): deactivate it instead.
      await db.run(t.scope, async (tx) => {
        const documents = await clientsRepository.documentsForDeletion(tx, t.companyId, clientId);
        if (!documents) throw errors.notFound(CLIENT_TEXTS.notFound);
        if (clientHasDocuments(documents)) throw errors.conflict(clientHasDocumentsMessage(documents));
        await clientsRepository.delete(tx, t.companyId, clientId);
      });
    },

    /** The list as filtered, as a CSV file for a French spreadsheet (docs/domain/clients.md#csv). */
    async exportCsv(auth: AuthContext, query: ClientExportQuery): Promise<string> {
      const t = tenant(auth, CLIENTS_ACCESS.export, noCompany);
      const filter = { status: query.status, search: query.search, ids: query.ids };
      const rows = await db.run(t.scope, (tx) =>
        clientsRepository.all(tx, t.companyId, filter, CLIENT_LIMITS.maxExport),
      );
      return toCsv(clientCsvRows(rows));
    },

    /**
     * Reads a CSV file of clients (docs/domain/clients.md#import): the preview (`commit: false`), or
     * the import in one transaction (`commit: true`): the new clients added by batches, the duplicates
     * merged, created or ignored as chosen.
     */
    async importCsv(auth: AuthContext, input: ClientImportInput): Promise<ClientImportResult> {
      const t = tenant(auth, CLIENTS_ACCESS.import, CLIENT_TEXTS.companyRequired);
      const read = readClientCsv(input.csv, input.mapping);
      const ready = read.fileErrors.length === 0;
      return db.run(t.scope, async (tx) => {
        const emails = new Set<string>();
        const sirens = new Set<string>();
        for (const { values } of read.candidates) {
          if (values.email) emails.add(values.email.toLowerCase());
          const siren = sirenOf(values.siret);
          if (siren) sirens.add(siren);
        }
        const existing = ready ? await clientsRepository.matchingKeys(tx, t.companyId, [...emails], [...sirens]) : [];
        const plan = planClientImport(read.candidates, existing, {
          byDefault: input.duplicate_action,
          ...(input.duplicates ? { actions: input.duplicates } : {}),
        });
        const toMerge = plan.duplicates.filter((d) => d.action === "merge").length;
        let created = 0;
        let merged = 0;
        if (ready && input.commit) {
          created = await clientsRepository.insertMany(
            tx,
            t.companyId,
            plan.creates.map(({ values }) => ({ id: randomUUID(), values })),
          );
          await clientsRepository.mergeMany(tx, t.companyId, plan.merges);
          // Rows merged into a client of the book, and into an earlier row of the file (added with it).
          merged = toMerge;
        }
        return {
          file_errors: read.fileErrors,
          headers: read.header,
          mapping: read.mapping,
          sample: read.sample,
          rows: read.rowCount,
          valid: ready ? read.candidates.length : 0,
          to_create: ready ? plan.creates.length : 0,
          to_merge: ready ? toMerge : 0,
          to_skip: ready ? plan.skipped.length : 0,
          created,
          merged,
          errors: read.errors,
          duplicates: ready ? plan.duplicates : [],
          preview: (ready ? plan.creates : []).slice(0, CLIENT_CSV_LIMITS.preview).map(({ line, values }) => ({
            line,
            type: values.type,
            name: values.name,
            email: values.email,
            phone: values.phone,
            city: values.city,
            siret: values.siret,
          })),
        };
      });
    },
  };
}
