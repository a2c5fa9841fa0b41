import type {
  ClientCounters,
  ClientCreate,
  ClientDetail,
  ClientListResponse,
  ClientUpdate,
} from "../../../shared/clients";
import { CLIENT_TEXTS, type clientListQuerySchema } from "../../../shared/clients";
import type { Database } from "../../db/client";
import { errors } from "../../lib/errors";
import { isUuid } from "../../lib/ids";
import { assertCan, requireCompany } from "../../plugins/auth";
import type { AuthContext } from "../auth/auth.service";
import { clientsRepository } from "./clients.repository";

type ListQuery = ReturnType<typeof clientListQuerySchema.parse>;

/** Clients belong to a company: a platform account has none to show or create. */
const companyOf = (auth: AuthContext, message = "Vous devez être connecté à une entreprise pour accéder aux clients") =>
  requireCompany(auth, message);

function idOrNotFound(id: string): string {
  if (!isUuid(id)) throw errors.notFound(CLIENT_TEXTS.notFound);
  return id;
}

export function createClientsService(db: Database) {
  return {
    async list(auth: AuthContext, query: ListQuery): Promise<ClientListResponse> {
      assertCan(auth, "clients:view");
      const companyId = companyOf(auth);
      const filter = { status: query.status, search: query.search };
      const { data, total } = await db.run(auth.scope, (tx) =>
        clientsRepository.list(tx, companyId, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    /** Header counters over the whole client book; fetched apart from the (per keystroke) search. */
    async counters(auth: AuthContext): Promise<ClientCounters> {
      assertCan(auth, "clients:view");
      const companyId = companyOf(auth);
      return db.run(auth.scope, (tx) => clientsRepository.counters(tx, companyId));
    },

    async get(auth: AuthContext, id: string, include: Set<string>): Promise<ClientDetail> {
      assertCan(auth, "clients:view");
      const companyId = companyOf(auth);
      const clientId = idOrNotFound(id);
      return db.run(auth.scope, async (tx) => {
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
      assertCan(auth, "clients:create");
      const companyId = companyOf(auth, CLIENT_TEXTS.companyRequired);
      return db.run(auth.scope, (tx) => clientsRepository.insert(tx, companyId, input));
    },

    async update(auth: AuthContext, id: string, input: ClientUpdate) {
      assertCan(auth, "clients:edit");
      const companyId = companyOf(auth);
      const clientId = idOrNotFound(id);
      const client = await db.run(auth.scope, (tx) => clientsRepository.update(tx, companyId, clientId, input));
      if (!client) throw errors.notFound(CLIENT_TEXTS.notFound);
      return client;
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      assertCan(auth, "clients:delete");
      const companyId = companyOf(auth);
      const clientId = idOrNotFound(id);
      // Issued invoices will forbid deletion (409, CLIENT_TEXTS.hasInvoices) once invoices exist.
      const deleted = await db.run(auth.scope, (tx) => clientsRepository.delete(tx, companyId, clientId));
      if (!deleted) throw errors.notFound(CLIENT_TEXTS.notFound);
    },
  };
}
