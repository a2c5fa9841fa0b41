import type { PermissionCode } from "@shared/permissions";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type AuthContext, assertCan, assertCanAny } from "../lib/access";
import { errors } from "../lib/errors";
import type { AuthService } from "../modules/auth/auth.service";

/**
 * Who may call a route. Every /api route declares one; a route without it fails at start-up
 * (deny by default, docs/domain/api.md#access).
 */
export type RouteAccess =
  | { public: true }
  | { signedIn: true }
  | { permission: PermissionCode }
  /** A holder of at least one of these (a page that gathers several areas, each shown to its holders). */
  | { anyPermission: readonly [PermissionCode, ...PermissionCode[]] }
  | { superadmin: true };

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token : null;
}

/** The caller of an authenticated route (the guard has already run). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.unauthenticated();
  return request.auth;
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest("auth", null);

    app.addHook("onRoute", (route) => {
      if (!route.url.startsWith("/api")) return;
      if (!route.config?.access) {
        throw new Error(`Route ${route.method} ${route.url} does not declare its access (config.access)`);
      }
    });

    app.addHook("onRequest", async (request) => {
      const access = request.routeOptions.config?.access;
      // No access config: the SPA, static files or the 404 handler (every /api route has one).
      if (!access) return;
      if ("public" in access) return;
      const token = bearerToken(request);
      if (!token) throw errors.unauthenticated();
      request.auth = await opts.auth.authenticate(token);
      if ("permission" in access) assertCan(request.auth, access.permission);
      if ("anyPermission" in access) assertCanAny(request.auth, access.anyPermission);
      if ("superadmin" in access && !request.auth.isSuperadmin) throw errors.forbidden();
    });
  },
  { name: "auth" },
);
