import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "./db/client";
import { MODULES } from "./modules";
import { createAuthService } from "./modules/auth/auth.service";
import { TokenService } from "./modules/auth/tokens";
import type { ModuleDeps } from "./modules/module";
import { authPlugin } from "./plugins/auth";
import { compressPlugin } from "./plugins/compress";
import { errorsPlugin, frameworkErrors } from "./plugins/errors";
import { openapiPlugin } from "./plugins/openapi";
import { plainTextPlugin } from "./plugins/plain-text";
import { securityPlugin } from "./plugins/security";
import { spaPlugin } from "./plugins/spa";
import { versionsPlugin } from "./plugins/versions";

export interface AppOptions {
  db: Database;
  jwtSecret: string;
  /** Folder of the built SPA (dist/web); absent in API-only tests. */
  webRoot?: string;
  logger?: FastifyServerOptions["logger"];
  trustProxy?: boolean;
}

/** Builds the whole application without listening (tests use `app.inject`). */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: options.trustProxy ?? false,
    // Requests arriving while the server stops: answered in French by the errors plugin.
    return503OnClosing: false,
    // The router's own errors (bad URL encoding, over-long path parameter) in French, never echoing the URL.
    frameworkErrors,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = new TokenService(options.jwtSecret);
  const auth = createAuthService(options.db, tokens);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(compressPlugin);
  await app.register(authPlugin, { auth });
  await app.register(plainTextPlugin);
  await app.register(openapiPlugin);
  await app.register(versionsPlugin);

  const deps: ModuleDeps = { db: options.db, auth, fileSecret: `${options.jwtSecret}:files` };
  for (const module of MODULES) await app.register(module, deps);

  await app.register(spaPlugin, { root: options.webRoot ?? "" });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
