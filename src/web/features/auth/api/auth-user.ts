import type { AuthUser } from "@shared/auth";

/*
 * Deliberately zod-free: this runs at start-up in the eager bundle, and zod (~90 kB gzipped)
 * must stay out of it. The object literal below is typed by the shared `AuthUser`, so a change
 * of the shared schema breaks the build here.
 */

function text(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function roles(value: unknown): AuthUser["roles"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((role: unknown) => {
    if (typeof role !== "object" || role === null) return [];
    const { id, name } = role as { id?: unknown; name?: unknown };
    return typeof name === "string" ? [{ id: typeof id === "string" ? id : String(id ?? ""), name }] : [];
  });
}

/**
 * Reads a user from the server or from storage with the defaults of docs/domain/auth.md#signed-in-user:
 * companyId from `companyId` or `company_id`, role null, empty roles and permissions.
 * Returns null when the value is not a user at all (no id or e-mail).
 */
export function normaliseAuthUser(raw: unknown): AuthUser | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const id = text(r.id);
  const email = text(r.email);
  if (!id || !email) return null;
  const companyId = text(r.companyId) ?? text(r.company_id);
  return {
    id,
    email,
    full_name: typeof r.full_name === "string" ? r.full_name : "",
    avatarUrl: text(r.avatarUrl),
    companyId,
    company_id: companyId,
    company_name: text(r.company_name),
    role: text(r.role),
    roles: roles(r.roles),
    permissions: Array.isArray(r.permissions) ? r.permissions.filter((p): p is string => typeof p === "string") : [],
  };
}
