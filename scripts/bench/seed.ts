import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client";
import { hashPassword } from "../../src/server/modules/auth/passwords";
import { companiesRepository } from "../../src/server/modules/companies/companies.repository";

const FIRST = [
  "Jean",
  "Marie",
  "Pierre",
  "Sophie",
  "Luc",
  "Claire",
  "Nicolas",
  "Julie",
  "Thomas",
  "Camille",
  "Antoine",
  "Léa",
  "Hugo",
  "Chloé",
  "Louis",
  "Manon",
  "Gabriel",
  "Emma",
  "Arthur",
  "Inès",
];
const LAST = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
  "Laurent",
  "Lefebvre",
  "Michel",
  "Garcia",
  "David",
  "Bertrand",
  "Roux",
  "Vincent",
  "Fournier",
  "Morel",
  "Girard",
  "André",
  "Lefèvre",
  "Mercier",
  "Dupont",
  "Lambert",
  "Bonnet",
  "François",
  "Martinez",
];
const CITIES = [
  ["Lyon", "69003"],
  ["Villeurbanne", "69100"],
  ["Grenoble", "38000"],
  ["Annecy", "74000"],
  ["Saint-Étienne", "42000"],
  ["Vienne", "38200"],
  ["Bourg-en-Bresse", "01000"],
  ["Chambéry", "73000"],
  ["Valence", "26000"],
  ["Mâcon", "71000"],
];
const STREETS = [
  "rue de la République",
  "avenue Jean Jaurès",
  "rue Victor Hugo",
  "boulevard des Belges",
  "chemin des Vignes",
  "place Bellecour",
  "rue du Moulin",
  "allée des Tilleuls",
];

export const BENCH_PASSWORD = "bench-password-1";

/** 200 companies; the first ("Grande Entreprise Bench") holds 10,000 clients, the others 50 each. */
export async function seedBench(db: Database): Promise<{ email: string }> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const email = "bench@grande-entreprise.fr";
  await db.run("platform", async (tx) => {
    for (let i = 0; i < 200; i++) {
      const big = i === 0;
      const company = await companiesRepository.provision(tx, {
        name: big ? "Grande Entreprise Bench" : `Entreprise ${i}`,
      });
      await companiesRepository.createUser(tx, {
        companyId: company.id,
        email: big ? email : `admin${i}@bench.fr`,
        fullName: big ? "Bench Admin" : `Admin ${i}`,
        passwordHash,
        roleIds: [company.roleIds.get("Administrateur") ?? ""],
      });
      const count = big ? 10_000 : 50;
      await tx.execute(sql`
        INSERT INTO clients (company_id, name, email, phone, address, postal_code, city, notes, is_active, created_at)
        SELECT ${company.id},
               (${sql.raw(`ARRAY[${LAST.map((l) => `'${l.replace("'", "''")}'`).join(",")}]`)})[1 + (g * 7) % ${LAST.length}]
                 || ' ' || (${sql.raw(`ARRAY[${FIRST.map((f) => `'${f}'`).join(",")}]`)})[1 + (g * 13) % ${FIRST.length}]
                 || CASE WHEN g % 5 = 0 THEN ' SARL' ELSE '' END,
               CASE WHEN g % 4 <> 0 THEN 'client' || g || '@exemple.fr' END,
               CASE WHEN g % 3 <> 0 THEN '06 ' || lpad((g % 100)::text, 2, '0') || ' ' || lpad(((g * 7) % 100)::text, 2, '0') || ' ' || lpad(((g * 11) % 100)::text, 2, '0') || ' ' || lpad(((g * 17) % 100)::text, 2, '0') END,
               (g % 120 + 1) || ' ' || (${sql.raw(`ARRAY[${STREETS.map((s) => `'${s}'`).join(",")}]`)})[1 + g % ${STREETS.length}],
               (${sql.raw(`ARRAY[${CITIES.map(([, z]) => `'${z}'`).join(",")}]`)})[1 + (g * 3) % ${CITIES.length}],
               (${sql.raw(`ARRAY[${CITIES.map(([c]) => `'${c}'`).join(",")}]`)})[1 + (g * 3) % ${CITIES.length}],
               CASE WHEN g % 10 = 0 THEN 'Client fidèle, préfère être appelé le matin.' END,
               g % 9 <> 0,
               now() - (g || ' hours')::interval
        FROM generate_series(1, ${count}) AS g`);
    }
  });
  return { email };
}
