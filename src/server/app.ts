import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import { authRoutes } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import { TokenService } from "./modules/auth/tokens";
import { clientsRoutes } from "./modules/clients/clients.routes";
import { companyRoutes } from "./modules/company/company.routes";
import { createCompanyService } from "./modules/company/company.service";
import { filesRoutes } from "./modules/files/files.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { permissionsRoutes } from "./modules/permissions/permissions.routes";
import { quotesRoutes } from "./modules/quotes/quotes.routes";
import { createQuotesService } from "./modules/quotes/quotes.service";
import { authPlugin } from "./plugins/auth";
import { errorsPlugin } from "./plugins/errors";
import { openapiPlugin } from "./plugins/openapi";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";

export interface AppOptions {
  db: Database;
  jwtSecret: string;
  /** Folder of the built SPA (dist/web); absent in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  trustProxy?: boolean;
}

/** Never logged: credentials and tokens (headers and bodies). */
export const LOG_REDACTIONS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.token",
  "*.passwordHash",
];

/** Builds the whole application without listening (tests use `app.inject`). */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenService(options.jwtSecret);
  const auth = createAuthService(options.db, tokens);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(authPlugin, { auth });
  await app.register(openapiPlugin);

  await app.register(healthRoutes, { db: options.db });
  await app.register(authRoutes, { auth });
  await app.register(permissionsRoutes, { db: options.db });
  await app.register(clientsRoutes, { db: options.db });
  // Files are signed with a key derived from the JWT secret (one secret to manage, separate uses).
  const fileSecret = `${options.jwtSecret}:files`;
  const company = createCompanyService(options.db, fileSecret);
  await app.register(multipart, { limits: { files: 1, fields: 5, parts: 6 } });
  await app.register(companyRoutes, { company });
  await app.register(filesRoutes, { db: options.db, fileSecret });
  await app.register(quotesRoutes, { quotes: createQuotesService(options.db) });

  await app.register(spaPlugin, { root: options.webRoot ?? "" });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
