import { PROJECT_TEXTS } from "@shared/project-rules";
import type { ProjectIssue, ProjectIssues, ProjectPhoto, ProjectPhotos, ProjectTaskDetail } from "@shared/projects";
import { ApiError, api } from "@web/lib/api-client";
import type { SiteEntry, SiteRef } from "../lib/site-outbox";

/**
 * The execution calls of « Mode chantier » (spec 2 §7), as the site outbox sends them
 * (lib/site-outbox-store.ts): one entry, one request, its answer or its ApiError.
 */

export type SentAnswer =
  | { type: "tick"; task: ProjectTaskDetail }
  | { type: "issue-create"; issue: ProjectIssue }
  | { type: "issue-update"; issue: ProjectIssue }
  | { type: "issue-delete"; id: string }
  | { type: "photo-add"; photo: ProjectPhoto }
  | { type: "photo-delete"; id: string };

const encoded = (id: string) => encodeURIComponent(id);

/**
 * The server's id of an imprévu or photo made on the phone whose creation was sent by an earlier
 * session (its answer not kept): found by its `client_key` in the worksite's list. 404 when the
 * server does not have it.
 */
async function resolve(kind: "issue" | "photo", ref: SiteRef, projectId: string): Promise<string> {
  if (ref.id) return ref.id;
  const list =
    kind === "issue"
      ? (await api.get<ProjectIssues>(`/project-issues/${encoded(projectId)}`)).data
      : (await api.get<ProjectPhotos>(`/project-photos/${encoded(projectId)}`)).data;
  const found = list.find((item) => item.client_key !== null && item.client_key === ref.clientKey);
  if (found) return found.id;
  const message = kind === "issue" ? PROJECT_TEXTS.issueNotFound : PROJECT_TEXTS.photoNotFound;
  throw new ApiError(message, 404, "Not Found", { error: message, message, code: "NOT_FOUND" });
}

/** Sends one entry of the outbox. */
export async function sendSiteEntry(entry: SiteEntry): Promise<SentAnswer> {
  const { op, projectId } = entry;
  switch (op.type) {
    case "tick":
      return {
        type: "tick",
        task: await api.put<ProjectTaskDetail>(`/project-tasks/${encoded(op.taskId)}`, { is_done: op.isDone }),
      };
    case "issue-create":
      return {
        type: "issue-create",
        issue: await api.post<ProjectIssue>("/project-issues", {
          project_id: projectId,
          title: op.title,
          description: op.description ?? undefined,
          client_key: op.clientKey,
          // When it was written on the phone: an imprévu sent later keeps that time (issue 32).
          written_at: entry.createdAt,
        }),
      };
    case "issue-update": {
      const id = await resolve("issue", op.issue, projectId);
      return {
        type: "issue-update",
        issue: await api.put<ProjectIssue>(`/project-issues/${encoded(id)}`, {
          title: op.title,
          description: op.description,
        }),
      };
    }
    case "issue-delete": {
      const id = await resolve("issue", op.issue, projectId);
      await api.delete(`/project-issues/${encoded(id)}`);
      return { type: "issue-delete", id };
    }
    case "photo-add": {
      // The fields before the file: the server reads them as the multipart stream comes.
      const form = new FormData();
      form.append("project_id", projectId);
      form.append("client_key", op.clientKey);
      form.append("photo", new Blob([op.bytes], { type: op.mime }), op.filename);
      return { type: "photo-add", photo: await api.post<ProjectPhoto>("/project-photos", form) };
    }
    case "photo-delete": {
      const id = await resolve("photo", op.photo, projectId);
      await api.delete(`/project-photos/${encoded(id)}`);
      return { type: "photo-delete", id };
    }
  }
}
