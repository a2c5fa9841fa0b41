import type { LibraryImportResult } from "@shared/library";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";
import type { LibraryListFilters } from "./library-keys";
import { libraryRefreshes } from "./library-keys";

/**
 * GET /api/library/export with the list's filters, saved as bibliotheque-<date>.csv; with `ids`, those
 * items only (« Exporter la sélection » of the table, docs/domain/library.md#as-a-table).
 */
export async function exportLibrary(filters: LibraryListFilters & { ids?: readonly string[] }): Promise<string> {
  const file = await api.download("/library/export", {
    search: filters.search.trim() || undefined,
    kind: filters.kind,
    category: filters.category,
    status: filters.status,
    ids: filters.ids?.join(","),
  });
  return saveFile(file, "bibliotheque.csv");
}

export function useExportLibrary() {
  return useMutation({ mutationFn: exportLibrary, meta: { errorTitle: "Échec de l’export" } });
}

/** POST /api/library/import: the preview (`commit: false`) or the import of the valid rows. */
export function useImportLibrary() {
  return useMutation({
    mutationFn: (body: { csv: string; commit: boolean }) => api.post<LibraryImportResult>("/library/import", body),
    meta: { invalidates: libraryRefreshes.save, errorTitle: "Échec de l’import" },
  });
}
