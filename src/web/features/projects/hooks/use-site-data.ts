import type { ProjectDetail, ProjectIssues, ProjectPhotos } from "@shared/projects";
import { type QueryFunctionContext, type QueryKey, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "@web/lib/api-client";
import { projectIssuesQueryOptions, projectPhotosQueryOptions, projectQueryOptions } from "../api/get-projects";
import { siteStorage } from "../lib/site-db";
import { keepThumbnails } from "../lib/site-thumbs";
import { snapshotKey } from "./use-site-outbox";

type Kind = "detail" | "issues" | "photos";

/**
 * A query of « Mode chantier » that works offline (docs/domain/projects.md#offline-on-site): each answer
 * is copied to the phone; without network, the data already in memory, else that copy, is answered.
 * `offlineFirst`: TanStack Query would otherwise wait for the network before asking.
 */
function withCopy<T>(kind: Kind, projectId: string, fetch: (context: QueryFunctionContext<QueryKey>) => Promise<T>) {
  return async (context: QueryFunctionContext<QueryKey>): Promise<T> => {
    const key = snapshotKey(kind, projectId);
    try {
      const data = await fetch(context);
      void siteStorage()
        .writeSnapshot(key, data)
        .catch(() => {});
      if (kind === "photos") void keepThumbnails(projectId, data as ProjectPhotos);
      return data;
    } catch (error) {
      if (!isApiError(error) || error.status !== 0) throw error;
      const inMemory = context.client.getQueryData<T>(context.queryKey);
      if (inMemory !== undefined) return inMemory;
      const copy = await siteStorage().readSnapshot<T>(key);
      if (copy) return copy.data;
      throw error;
    }
  };
}

const path = (prefix: string, id: string) => `${prefix}/${encodeURIComponent(id)}`;

/** The worksite, its imprévus and its photos for « Mode chantier », online or from the phone's copy. */
export function useSiteData(projectId: string) {
  const detail = useQuery({
    ...projectQueryOptions(projectId),
    queryFn: withCopy("detail", projectId, ({ signal }) =>
      api.get<ProjectDetail>(path("/projects", projectId), undefined, { signal }),
    ),
    networkMode: "offlineFirst",
  });
  const issues = useQuery({
    ...projectIssuesQueryOptions(projectId),
    queryFn: withCopy("issues", projectId, ({ signal }) =>
      api.get<ProjectIssues>(path("/project-issues", projectId), undefined, { signal }),
    ),
    networkMode: "offlineFirst",
  });
  const photos = useQuery({
    ...projectPhotosQueryOptions(projectId),
    queryFn: withCopy("photos", projectId, ({ signal }) =>
      api.get<ProjectPhotos>(path("/project-photos", projectId), undefined, { signal }),
    ),
    networkMode: "offlineFirst",
  });
  return { detail, issues, photos };
}
