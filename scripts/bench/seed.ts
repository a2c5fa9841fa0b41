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

const WORKS = [
  "Rénovation salle de bain",
  "Peinture séjour",
  "Remplacement chaudière",
  "Mise aux normes électriques",
  "Isolation combles",
  "Pose cuisine",
  "Ravalement façade",
  "Réfection toiture",
  "Création terrasse",
  "Plomberie cuisine",
];
const LINES = [
  ["Dépose et évacuation", "forfait", 350, 10],
  ["Fourniture carrelage", "m²", 42.5, 10],
  ["Main d'œuvre", "heure", 55, 10],
  ["Peinture acrylique", "m²", 18.9, 10],
  ["Chaudière à condensation", "unité", 2890, 5.5],
  ["Tableau électrique", "unité", 640, 20],
  ["Laine de verre 200 mm", "m²", 24.3, 5.5],
  ["Déplacement", "forfait", 45, 20],
] as const;

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
      if (big) await seedQuotes(tx, company.id);
    }
  });
  return { email };
}

/**
 * 20,000 quotes with 100,000 lines (5 each) for the large company, with their totals as the API
 * computes them for these simple cases (no discount: line VAT = quote VAT per rate). References and
 * statuses are spread like a few years of activity.
 */
async function seedQuotes(tx: Parameters<Parameters<Database["run"]>[1]>[0], companyId: string) {
  const works = sql.raw(`ARRAY[${WORKS.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`);
  const names = sql.raw(`ARRAY[${LINES.map(([n]) => `'${n.replace(/'/g, "''")}'`).join(",")}]`);
  const units = sql.raw(`ARRAY[${LINES.map(([, u]) => `'${u}'`).join(",")}]`);
  const prices = sql.raw(`ARRAY[${LINES.map(([, , p]) => p).join(",")}]::numeric[]`);
  const rates = sql.raw(`ARRAY[${LINES.map(([, , , r]) => r).join(",")}]::numeric[]`);
  await tx.execute(sql`
    WITH c AS (SELECT id, name, row_number() OVER (ORDER BY id) AS n FROM clients WHERE company_id = ${companyId}),
    q AS (
      INSERT INTO quotes (company_id, reference, name, status, client_id, date, valid_until)
      SELECT ${companyId},
             'DEV-' || (2023 + g / 6000) || '-' || lpad((g % 6000 + 1)::text, 4, '0'),
             (${works})[1 + g % 10] || ' ' || split_part(c.name, ' ', 1),
             (ARRAY['en cours de redaction','envoye au client','client relance','valide','refuse','annule'])[1 + (g * 7) % 6],
             c.id,
             date '2023-01-01' + (g / 18),
             date '2023-01-01' + (g / 18) + 30
      FROM generate_series(0, 19999) AS g JOIN c ON c.n = 1 + (g * 13) % 10000
      RETURNING id)
    INSERT INTO quote_items (company_id, quote_id, position, name, quantity, unit, unit_price, tax_rate, subtotal, tax_amount, total)
    SELECT ${companyId}, q.id, p,
           (${names})[1 + (p * 3 + abs(hashtext(q.id::text))) % 8],
           1 + (p % 4), (${units})[1 + (p * 3 + abs(hashtext(q.id::text))) % 8],
           (${prices})[1 + (p * 3 + abs(hashtext(q.id::text))) % 8],
           (${rates})[1 + (p * 3 + abs(hashtext(q.id::text))) % 8],
           0, 0, 0
    FROM q, generate_series(1, 5) AS p`);
  await tx.execute(sql`
    UPDATE quote_items SET subtotal = round(quantity * unit_price, 2),
                           tax_amount = round(round(quantity * unit_price, 2) * tax_rate / 100, 2),
                           total = round(quantity * unit_price, 2) + round(round(quantity * unit_price, 2) * tax_rate / 100, 2)
    WHERE company_id = ${companyId}`);
  await tx.execute(sql`
    UPDATE quotes q SET subtotal = s.subtotal, tax_amount = s.tax, total = s.subtotal + s.tax, vat_breakdown = s.vat
    FROM (SELECT quote_id, sum(base) AS subtotal, sum(tax) AS tax,
                 jsonb_agg(jsonb_build_object('rate', tax_rate, 'base', base, 'discount', 0, 'net', base, 'tax', tax) ORDER BY tax_rate DESC) AS vat
          FROM (SELECT quote_id, tax_rate, sum(subtotal) AS base, round(sum(subtotal) * tax_rate / 100, 2) AS tax
                FROM quote_items WHERE company_id = ${companyId} GROUP BY quote_id, tax_rate) r
          GROUP BY quote_id) s
    WHERE s.quote_id = q.id`);
  await tx.execute(sql`
    INSERT INTO reference_counters (company_id, kind, year, last_value)
    VALUES (${companyId}, 'quote', 2026, 6000) ON CONFLICT DO NOTHING`);
}
