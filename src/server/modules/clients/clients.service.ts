import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ClientCounters, ClientCreate, ClientDetail, ClientListResponse, ClientUpdate } from "@shared/clients";
import {
  CLIENT_TEXTS,
  clientHasDocuments,
  clientHasDocumentsMessage,
  type clientListQuerySchema,
} from "@shared/clients";
import { clientsRepository } from "./clients.repository";

type ListQuery = ReturnType<typeof clientListQuerySchema.parse>;

/** Who may do what with clients: read by the routes (config.access) and checked again here. */
export const CLIENTS_ACCESS = permissions({
  list: "clients:view",
  counters: "clients:view",
  get: "clients:view",
  create: "clients:create",
  update: "clients:edit",
  remove: "clients:delete",
});

/** Clients belong to a company: a platform account has none to show or create. */
const noCompany = CLIENT_TEXTS.companyRequiredToView;

export function createClientsService(db: Database) {
  return {
    async list(auth: AuthContext, query: ListQuery): Promise<ClientListResponse> {
      const t = tenant(auth, CLIENTS_ACCESS.list, noCompany);
      const filter = { status: query.status, search: query.search };
      const { data, total } = await db.run(t.scope, (tx) =>
        clientsRepository.list(tx, t.companyId, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
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
        // Worksites arrive with their own issue; none exist before it.
        if (include.has("projects")) detail.projects = [];
        if (include.has("quotes")) detail.quotes = await clientsRepository.quotes(tx, companyId, clientId);
        if (include.has("stats")) detail.stats = await clientsRepository.stats(tx, companyId, clientId);
        return detail;
      });
    },

    async create(auth: AuthContext, input: ClientCreate) {
      const t = tenant(auth, CLIENTS_ACCESS.create, CLIENT_TEXTS.companyRequired);
      return db.run(t.scope, (tx) => clientsRepository.insert(tx, t.companyId, input));
    },

    async update(auth: AuthContext, id: string, input: ClientUpdate) {
      const t = tenant(auth, CLIENTS_ACCESS.update, noCompany);
      const clientId = idOr404(id, CLIENT_TEXTS.notFound);
      const client = await db.run(t.scope, (tx) => clientsRepository.update(tx, t.companyId, clientId, input));
      if (!client) throw errors.notFound(CLIENT_TEXTS.notFound);
      return client;
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
  };
}
