import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../db/client";
import type { AuthService } from "./auth/auth.service";

/** What every module receives: built once by buildApp, shared by all modules. */
export interface ModuleDeps {
  db: Database;
  auth: AuthService;
  /** Key of the signed file URLs (derived from the JWT secret: one secret to manage, separate uses). */
  fileSecret: string;
}

/**
 * A module is one encapsulated Fastify plugin that builds its service from the deps and declares its
 * routes (each with `config.access`); it is listed once in modules/index.ts (docs/conventions.md).
 */
export type AppModule = FastifyPluginAsyncZod<ModuleDeps>;
