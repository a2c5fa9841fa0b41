import type { ClientCsvField, ClientImportResult, DuplicateAction } from "@shared/client-csv";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";
import { type ClientListFilters, clientRefreshes } from "./client-keys";

/**
 * GET /api/clients/export with the list's filters, saved as clients-<date>.csv; with `ids`, those
 * clients only (« Exporter la sélection » of the table, docs/domain/clients.md#as-a-table).
 */
export async function exportClients(filters: ClientListFilters & { ids?: readonly string[] }): Promise<string> {
  const file = await api.download("/clients/export", {
    search: filters.search.trim() || undefined,
    status: filters.status,
    ids: filters.ids?.join(","),
  });
  return saveFile(file, "clients.csv");
}

export function useExportClients() {
  return useMutation({ mutationFn: exportClients, meta: { errorTitle: "Échec de l’export" } });
}

export interface ClientImportBody {
  csv: string;
  /** Which column fills which field; left out, the server maps the file's headers. */
  mapping?: Partial<Record<ClientCsvField, number | null>>;
  duplicate_action?: DuplicateAction;
  duplicates?: Record<string, DuplicateAction>;
}

const postImport = (body: ClientImportBody & { commit: boolean }) =>
  api.post<ClientImportResult>("/clients/import", body);

/** POST /api/clients/import as a preview (`commit: false`): nothing changes, nothing to refresh. */
export function usePreviewClientImport() {
  return useMutation({
    mutationFn: (body: ClientImportBody) => postImport({ ...body, commit: false }),
    meta: { errorTitle: "Impossible de lire le fichier" },
  });
}

/** POST /api/clients/import for good: the clients added and merged, the lists and counters refreshed. */
export function useCommitClientImport() {
  return useMutation({
    mutationFn: (body: ClientImportBody) => postImport({ ...body, commit: true }),
    meta: { invalidates: clientRefreshes.import, errorTitle: "Échec de l’import" },
  });
}
