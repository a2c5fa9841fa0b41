import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Any PostgreSQL >= 15. When absent, an embedded PostgreSQL is started with its data in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Owner connection used for migrations (defaults to DATABASE_URL). */
  MIGRATION_DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("data"),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** HS256 secret, at least 32 characters. Generated and kept in DATA_DIR when embedded. */
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed the demo companies into a new database (default: only for a new embedded database). */
  SEED_DEMO: z.enum(["auto", "always", "never"]).default("auto"),
  TRUST_PROXY: z.stringbool().default(false),
  /**
   * The public origin of the app (« https://app.exemple.fr »): the links sent by mail (invitations,
   * password resets, signing links) start with it. Default: http://localhost:PORT.
   */
  APP_URL: z
    .url({ protocol: /^https?$/, error: "APP_URL doit être une adresse http:// ou https://" })
    .optional()
    .transform((url) => url?.replace(/\/+$/, "")),
  /**
   * The SMTP server that delivers the messages (smtp://user:password@host:587, smtps://… for implicit
   * TLS). Absent: the messages stay in the app's outbox (« Messages envoyés »; docs/domain/messages.md).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL doit être une adresse smtp:// ou smtps://" }).optional(),
  /** The sender of the messages, « Propulse <no-reply@exemple.fr> »: required with SMTP_URL. */
  SMTP_FROM: z.string().trim().min(3).max(300).optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string; APP_URL: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Configuration invalide\u00a0:\n${lines}`);
  }
  if (parsed.data.SMTP_URL && !parsed.data.SMTP_FROM) {
    throw new Error(
      "Configuration invalide\u00a0:\n  - SMTP_FROM: obligatoire avec SMTP_URL («\u00a0Propulse <no-reply@exemple.fr>\u00a0»)",
    );
  }
  return {
    ...parsed.data,
    APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}`,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  };
}
