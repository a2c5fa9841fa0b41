import path from "node:path";
import { fileURLToPath } from "node:url";
import closeWithGrace from "close-with-grace";
import { buildApp } from "./app";
import { openDatabase } from "./db/bootstrap";
import { loadEnv } from "./env";
import { loggerOptions } from "./logger";
import { warmEn16931 } from "./modules/invoices/facturx/validate";
import { createDelivery, type Delivery } from "./modules/messages/delivery";
import { configureMail } from "./modules/messages/mail-config";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "./seed/seed";

function findWebRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // dist/server/main.js → dist/web ; src/server/main.ts → dist/web
  return here.includes(`${path.sep}dist${path.sep}`) || here.endsWith(`${path.sep}dist${path.sep}server`)
    ? path.resolve(here, "../web")
    : path.resolve(here, "../../dist/web");
}

async function main() {
  const env = loadEnv();
  const say = (message: string) => console.info(`[propulse] ${message}`);

  // Where the messages go (docs/domain/messages.md#transport): SMTP when configured, else the in-app outbox.
  const smtp = env.SMTP_URL && env.SMTP_FROM ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null;
  configureMail({ appUrl: env.APP_URL, smtp });

  const database = await openDatabase(env, say);
  // The one-time links waiting for SMTP are sealed under a key derived from the server's secret (ADR 0019).
  configureMail({ secret: database.jwtSecret });
  const seed = env.SEED_DEMO === "always" || (env.SEED_DEMO === "auto" && database.embedded && database.created);
  if (seed && (await seedDemo(database.db, database.jwtSecret))) say("Données de démonstration créées.");

  const app = await buildApp({
    db: database.db,
    jwtSecret: database.jwtSecret,
    webRoot: findWebRoot(),
    trustProxy: env.TRUST_PROXY,
    logger: loggerOptions(env.LOG_LEVEL),
  });

  const delivery: Delivery | null = smtp
    ? createDelivery(database.db, {
        smtp,
        onError: (error) => app.log.warn({ err: error }, "envoi des messages\u00a0: erreur de la boucle d’envoi"),
      })
    : null;

  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, "arrêt sur erreur");
    else app.log.info({ signal }, "arrêt demandé\u00a0: fin des requêtes en cours");
    await delivery?.stop();
    await app.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  // The EN 16931 rules read once the server answers: the first issue of an invoice need not wait for them.
  setImmediate(() => {
    try {
      warmEn16931();
    } catch (error) {
      app.log.warn({ err: error }, "règles EN 16931 non préchargées");
    }
  });
  await delivery?.start();
  const url = `http://localhost:${env.PORT}`;
  say(`Propulse est prêt\u00a0: ${url}`);
  say(
    smtp
      ? `Messages envoyés par le serveur SMTP ${new URL(smtp.url).host}.`
      : "Aucun serveur d’envoi configuré (SMTP_URL)\u00a0: les messages restent dans «\u00a0Messages envoyés\u00a0».",
  );
  if (database.embedded) {
    say(`Comptes de démonstration (mot de passe «\u00a0${DEMO_PASSWORD} ») :`);
    for (const account of DEMO_ACCOUNTS) say(`  ${account.email.padEnd(32)} ${account.role ?? "SuperAdmin"}`);
  }
}

main().catch((error: unknown) => {
  console.error(`[propulse] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
