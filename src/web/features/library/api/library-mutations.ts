import type { LibraryItemDetail } from "@shared/library";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { libraryKeys, libraryRefreshes } from "./library-keys";

const itemPath = (id: string) => `/library/items/${encodeURIComponent(id)}`;

/** POST /api/library/items, or PUT /api/library/items/:id with the whole item. */
export function useSaveLibraryItem() {
  return useMutation({
    mutationFn: ({
      id,
      body,
      version,
    }: {
      id: string | null;
      body: Record<string, unknown>;
      version?: string | null;
    }) =>
      id === null
        ? api.post<LibraryItemDetail>("/library/items", body)
        : api.put<LibraryItemDetail>(itemPath(id), body, { version }),
    meta: { invalidates: libraryRefreshes.save },
  });
}

/** POST /api/library/items/:id/duplicate. */
export function useDuplicateLibraryItem() {
  return useMutation({
    mutationFn: (id: string) => api.post<LibraryItemDetail>(`${itemPath(id)}/duplicate`),
    meta: { invalidates: libraryRefreshes.save, errorTitle: "Échec de la duplication" },
  });
}

/** POST /api/library/items/:id/archive or …/restore. */
export function useArchiveLibraryItem() {
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
      api.post<LibraryItemDetail>(`${itemPath(id)}/${archived ? "archive" : "restore"}`),
    meta: { invalidates: libraryRefreshes.archive, errorTitle: "Échec de l’archivage" },
  });
}

/** DELETE /api/library/items/:id (204; 409 when an ouvrage uses the article). */
export function useDeleteLibraryItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(itemPath(id)),
    meta: { invalidates: libraryRefreshes.delete, errorTitle: "Échec de la suppression" },
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: libraryKeys.detail(id) }),
  });
}
