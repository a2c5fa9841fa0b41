/**
 * Access rules of every service, without Fastify: who may do what (permission), on which company's
 * data (tenant scope), and how an id that cannot exist is answered (404). A service method starts
 * with one line — `const t = tenant(auth, ACCESS.list, TEXTS.companyRequired)` — and then works in
 * `t.scope` on `t.companyId` (docs/conventions.md).
 */
import { hasPermission, type PermissionCode } from "@shared/permissions";
import { errors } from "../errors";
import type { AuthContext } from "./context";

export { type AuthContext, scopeFor } from "./context";

/**
 * A module's permissions, declared once and read by its routes (`config.access`, published in the
 * OpenAPI document) and by its service (checked again first thing in each method).
 */
export function permissions<const T extends Record<string, PermissionCode>>(map: T): Readonly<T> {
  return Object.freeze(map);
}

export function can(auth: AuthContext, permission: PermissionCode): boolean {
  return hasPermission({ role: auth.user.role, permissions: auth.permissions }, permission);
}

/** The caller must hold `permission` (403 otherwise). */
export function assertCan(auth: AuthContext, permission: PermissionCode): void {
  if (!can(auth, permission)) throw errors.forbidden();
}

/** The caller must hold one of `permissions` at least (403 otherwise). */
export function assertCanAny(auth: AuthContext, permissions: readonly PermissionCode[]): void {
  if (!permissions.some((permission) => can(auth, permission))) throw errors.forbidden();
}

/** What a service method may touch: one company's data, in a transaction scoped to it (RLS). */
export interface TenantAccess {
  readonly auth: AuthContext;
  readonly companyId: string;
  readonly scope: { companyId: string };
}

/**
 * The preamble of a service method on company data: the caller holds `permission` and belongs to a
 * company (a platform account has none and is refused with `noCompany`, 403).
 */
export function tenant(auth: AuthContext, permission: PermissionCode, noCompany: string): TenantAccess {
  assertCan(auth, permission);
  if (!auth.companyId) throw errors.forbidden(noCompany);
  return { auth, companyId: auth.companyId, scope: { companyId: auth.companyId } };
}

/** The preamble of a platform (SuperAdmin) method. */
export function platform(auth: AuthContext): AuthContext {
  if (!auth.isSuperadmin) throw errors.forbidden();
  return auth;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** A path id that is not a UUID can match nothing: it answers 404 like an unknown id. */
export function idOr404(id: string, notFound: string): string {
  if (!isUuid(id)) throw errors.notFound(notFound);
  return id;
}
