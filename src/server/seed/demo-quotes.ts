/**
 * Durand Rénovation's quotes over the last months (README.md#demo-accounts), written the way the
 * trade writes them: lots with their subtotals, text lines, lines typed from the demo price library
 * (with its prices and costs) and a few typed by hand. Created through the quotes service, so totals,
 * references and history are the app's own; statuses are walked as a user would.
 */
import { addDays, parisToday } from "@shared/dates";
import type { QuoteInput, QuoteItemInput, QuoteStatus, Unit } from "@shared/quotes";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createQuotesService } from "../modules/quotes/quotes.service";
import type { DemoClient } from "./demo-data";
import type { DemoLibrary } from "./demo-library";

/** A line of a demo quote: a lot, a text, a library item (a quantity, another VAT rate), or a typed line. */
type DemoLine =
  | readonly ["lot", string]
  | readonly ["text", string]
  | readonly ["library", string, number, number?]
  | readonly ["typed", string, string | null, number, Unit, number, number, number];

const PLANS = {
  bathroom: [
    ["lot", "Lot 1 — Dépose et préparation"],
    ["typed", "Dépose de l'ancienne salle de bain", "Baignoire, faïence et sanitaires", 1, "forfait", 650, 10, 380],
    ["library", "Benne à gravats 8 m³", 1],
    ["text", "Évacuation des gravats en déchetterie agréée comprise."],
    ["lot", "Lot 2 — Plomberie et sanitaires"],
    ["library", "Création douche à l'italienne", 1],
    ["library", "Pose WC suspendu", 1],
    ["library", "Meuble vasque 80 cm", 1],
    ["lot", "Lot 3 — Carrelage et faïence"],
    ["library", "Étanchéité sous carrelage (SPEC)", 4],
    ["library", "Pose faïence murale salle de bain", 18],
    ["library", "Pose carrelage sol 45×45", 6],
  ],
  painting: [
    ["lot", "Lot 1 — Préparation"],
    ["library", "Bâche et protections de chantier", 1],
    ["typed", "Rebouchage et ponçage des supports", null, 42, "m²", 6.5, 10, 2.8],
    ["lot", "Lot 2 — Peinture"],
    ["library", "Peinture murs 2 couches", 42],
    ["library", "Peinture plafond 2 couches", 18],
    ["text", "Teintes au choix du client dans le nuancier fourni\u00a0; une teinte par pièce."],
  ],
  electricity: [
    ["lot", "Lot 1 — Tableau et protections"],
    ["library", "Remplacement tableau électrique", 1],
    ["lot", "Lot 2 — Prises et éclairage"],
    ["library", "Prise de courant encastrée", 14],
    ["library", "Point lumineux encastré", 8],
    ["text", "Attestation de conformité visée par le Consuel remise à la fin des travaux."],
  ],
  insulation: [
    ["library", "Isolation des combles perdus 200 mm", 65, 5.5],
    ["typed", "Trappe d'accès isolée", null, 1, "unité", 180, 5.5, 95],
    ["typed", "Déplacement", null, 1, "forfait", 45, 20, 20],
    ["text", "Éligible aux aides MaPrimeRénov'\u00a0: attestation RGE jointe au devis."],
  ],
  kitchen: [
    ["lot", "Lot 1 — Pose"],
    ["typed", "Pose de cuisine équipée", "Meubles fournis par le client", 1, "forfait", 1450, 10, 820],
    ["typed", "Crédence en verre trempé", null, 3.2, "ml", 210, 10, 118],
    ["lot", "Lot 2 — Raccordements"],
    ["library", "Prise de courant encastrée", 4],
    ["typed", "Raccordements eau et évacuation", null, 6, "heure", 55, 10, 34],
  ],
  partition: [
    ["lot", "Lot 1 — Cloisons"],
    ["library", "Cloison plaque de plâtre 72/48", 24],
    ["lot", "Lot 2 — Sols"],
    ["library", "Pose carrelage sol 60×60 rectifié", 32],
    ["library", "Plinthes carrelage", 28],
    ["text", "Ragréage compris sur dalle existante saine."],
  ],
} as const satisfies Record<string, readonly DemoLine[]>;

/** client index, plan, name, days ago, status, discount %, and the client's worksite address it is for. */
const QUOTES: readonly [number, keyof typeof PLANS, string, number, QuoteStatus, number, string?][] = [
  [0, "bathroom", "Rénovation complète de la salle de bain", 150, "valide", 5],
  [1, "painting", "Peinture séjour et couloir", 140, "valide", 0],
  [2, "insulation", "Isolation des combles – bâtiment B", 120, "refuse", 0],
  [3, "electricity", "Mise aux normes du fournil", 110, "valide", 0],
  [4, "kitchen", "Pose de cuisine", 95, "annule", 0],
  [5, "bathroom", "Salle d'eau de l'étage", 80, "valide", 10, "Maison de vacances"],
  [6, "painting", "Rafraîchissement salle d'attente", 70, "valide", 0],
  [7, "insulation", "Isolation des combles", 55, "client relance", 0],
  [8, "electricity", "Éclairage des parties communes", 45, "envoye au client", 0],
  [9, "painting", "Peinture chambre d'enfant", 30, "valide", 0],
  [10, "kitchen", "Réaménagement de la cuisine", 21, "envoye au client", 8],
  [11, "bathroom", "Remplacement baignoire par douche", 12, "envoye au client", 0],
  [12, "partition", "Création d'une chambre dans le séjour", 6, "en cours de redaction", 0],
  [13, "electricity", "Rénovation électrique de l'école", 2, "en cours de redaction", 0, "École Jean Moulin"],
];

function lineOf(line: DemoLine, library: DemoLibrary): QuoteItemInput {
  const none = { description: null, quantity: 0, unit: "" as const, unit_price: 0, tax_rate: 0 };
  switch (line[0]) {
    case "lot":
      return { kind: "section", name: line[1], ...none, cost_price: null, library_item_id: null };
    case "text":
      return { kind: "text", name: line[1], ...none, cost_price: null, library_item_id: null };
    case "library": {
      const [, name, quantity, taxRate] = line;
      const item = library.get(name);
      if (!item) throw new Error(`Devis de démo\u00a0: aucun élément «\u00a0${name}\u00a0» dans la bibliothèque`);
      return {
        kind: "item",
        name,
        description: item.description,
        quantity,
        unit: item.unit as Unit,
        unit_price: item.unit_price,
        tax_rate: taxRate ?? item.tax_rate,
        cost_price: item.cost_price,
        library_item_id: item.id,
      };
    }
    default: {
      const [, name, description, quantity, unit, unit_price, tax_rate, cost_price] = line;
      return {
        kind: "item",
        name,
        description,
        quantity,
        unit,
        unit_price,
        tax_rate,
        cost_price,
        library_item_id: null,
      };
    }
  }
}

export async function seedDemoQuotes(
  db: Database,
  admin: AuthContext,
  clients: readonly DemoClient[],
  library: DemoLibrary,
): Promise<void> {
  const quotes = createQuotesService(db);
  const today = parisToday();
  for (const [clientIndex, plan, name, daysAgo, status, discount, site] of QUOTES) {
    const client = clients[clientIndex];
    if (!client) continue;
    const worksite = site ? client.addresses.find((address) => address.label === site) : undefined;
    if (site && !worksite) throw new Error(`Devis de démo\u00a0: aucune adresse «\u00a0${site}\u00a0»`);
    const date = addDays(today, -daysAgo);
    const input: QuoteInput = {
      name,
      client_id: client.id,
      status: "en cours de redaction",
      date,
      valid_until: addDays(date, 30),
      notes: null,
      terms: null,
      discount_percentage: discount,
      discount_amount: 0,
      items: PLANS[plan].map((line) => lineOf(line, library)),
      worksite: worksite ?? null,
    };
    const created = await quotes.create(admin, input);
    // Walk the statuses as a user would, so the history reads true.
    const path: QuoteStatus[] =
      status === "en cours de redaction"
        ? []
        : status === "envoye au client" || status === "annule"
          ? ["envoye au client", ...(status === "annule" ? (["annule"] as const) : [])]
          : ["envoye au client", status];
    for (const next of path) await quotes.update(admin, created.id, { ...input, status: next });
  }
  await dateDemoQuotes(db, admin);
}

/**
 * The statuses were walked today: the home's « Devis en attente » and acceptance rate read when each
 * quote was sent and answered (docs/domain/dashboard.md#pending-quotes), so they are dated as the trade
 * would have lived them — sent the day after the quote's date, answered a week later (yesterday at the
 * latest). The trigger keeps dates written explicitly.
 */
async function dateDemoQuotes(db: Database, admin: AuthContext): Promise<void> {
  const companyId = admin.companyId ?? "";
  await db.run(admin.scope, (tx) =>
    tx.execute(sql`
      UPDATE quotes SET
        sent_at = CASE WHEN sent_at IS NOT NULL
          THEN ((date + 1)::timestamp + interval '9 hours') AT TIME ZONE 'Europe/Paris' END,
        answered_at = CASE WHEN answered_at IS NOT NULL
          THEN ((least(date + 8, current_date - 1))::timestamp + interval '15 hours') AT TIME ZONE 'Europe/Paris' END
      WHERE company_id = ${companyId}`),
  );
}
