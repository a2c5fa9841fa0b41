/**
 * Database commands: `migrate`, `seed [--demo]`, `create-superadmin`, `verify-journal [company id]`.
 * They use the same configuration as the app (DATABASE_URL or the embedded server in DATA_DIR).
 */
import { createInterface } from "node:readline/promises";
import { plural } from "@shared/format";
import { sql } from "drizzle-orm";
import { loadEnv } from "../env";
import { hashPassword } from "../modules/auth/passwords";
import { verifyCompanyJournal } from "../modules/journal/journal.queries";
import { usersRepository } from "../modules/users/users.repository";
import { seedDemo } from "../seed/seed";
import { openDatabase } from "./bootstrap";

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const env = loadEnv();
  const database = await openDatabase(env, (m) => console.info(m));
  try {
    switch (command) {
      case "migrate":
        console.info("Migrations appliquées.");
        break;
      case "seed":
        if (!args.includes("--demo")) {
          console.info("Rien à faire\u00a0: `npm run db:seed -- --demo` crée les données de démonstration.");
          break;
        }
        console.info(
          (await seedDemo(database.db, database.jwtSecret)) ? "Données de démonstration créées." : "Déjà présentes.",
        );
        break;
      case "create-superadmin": {
        const email = process.env.SUPERADMIN_EMAIL ?? (await ask("E-mail\u00a0: "));
        const fullName = process.env.SUPERADMIN_NAME ?? (await ask("Nom complet\u00a0: "));
        const password =
          process.env.SUPERADMIN_PASSWORD ?? (await ask("Mot de passe (12 caractères au moins)\u00a0: "));
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error("Adresse e-mail invalide");
        if (password.length < 12) throw new Error("Le mot de passe doit contenir au moins 12 caractères");
        const passwordHash = await hashPassword(password);
        await database.db.run("platform", async (tx) => {
          if ((await usersRepository.emailsTaken(tx, [email])).length > 0) throw new Error("Cet e-mail existe déjà");
          await usersRepository.create(tx, {
            companyId: null,
            email,
            fullName: fullName || email,
            passwordHash,
            isSuperadmin: true,
          });
        });
        console.info(`SuperAdmin ${email} créé.`);
        break;
      }
      case "verify-journal": {
        // Every company's journal (or the one named), each walked in pages; exit code 2 when one is broken.
        const named = args.find((a) => !a.startsWith("-"));
        const companies = await database.db.run(
          "platform",
          async (tx) =>
            (
              await tx.execute<{ id: string; name: string }>(
                named
                  ? sql`SELECT id, name FROM companies WHERE id::text = ${named}`
                  : sql`SELECT id, name FROM companies ORDER BY name, id`,
              )
            ).rows,
        );
        if (named && companies.length === 0) throw new Error(`Entreprise introuvable : ${named}`);
        let broken = 0;
        for (const { id, name } of companies) {
          const result = await verifyCompanyJournal(database.db, id);
          if (!result.ok) broken += 1;
          const count = plural(result.entries, "écriture");
          console.info(`${result.ok ? "✓" : "✗"} ${name} (${id}) : ${count}. ${result.message}`);
        }
        if (broken > 0) process.exitCode = 2;
        break;
      }
      default:
        throw new Error("Commandes : migrate | seed --demo | create-superadmin | verify-journal [entreprise]");
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
