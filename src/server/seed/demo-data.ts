/**
 * The demo book of Durand Rénovation (README.md#demo-accounts): identity, clients and quotes over the last
 * months, created through the same services as the app (server totals, references, history).
 */
import { addDays, parisToday } from "@shared/dates";
import type { QuoteInput, QuoteStatus } from "@shared/quotes";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createClientsService } from "../modules/clients/clients.service";
import { createCompanyService } from "../modules/company/company.service";
import { createQuotesService } from "../modules/quotes/quotes.service";

export const DEMO_IDENTITY = {
  name: "Durand Rénovation",
  address1: "8 avenue Jean Jaurès",
  address2: null,
  zip_code: "69007",
  city: "Lyon",
  country: "France",
  phone_contact: "04 78 61 20 45",
  email_contact: "contact@durand-renovation.fr",
  website: "www.durand-renovation.fr",
  siret: "812 345 678 00021",
  tva_number: "FR45812345678",
};

const CLIENTS = [
  [
    "Famille Lefèvre",
    "lefevre.famille@orange.fr",
    "06 12 34 56 78",
    "14 rue des Tilleuls",
    "69003",
    "Lyon",
    "Portail bleu, sonner deux fois.",
  ],
  ["Martine Rousseau", "m.rousseau@gmail.com", "06 45 22 87 10", "3 place Carnot", "69002", "Lyon", null],
  [
    "SCI Les Terrasses",
    "gestion@sci-terrasses.fr",
    "04 72 33 18 90",
    "27 quai Perrache",
    "69002",
    "Lyon",
    "Syndic\u00a0: M. Baptiste, joignable le matin.",
  ],
  [
    "Boulangerie Moreau",
    "contact@boulangerie-moreau.fr",
    "04 78 42 11 36",
    "52 rue Paul Bert",
    "69003",
    "Lyon",
    "Intervenir après 14 h (fermeture).",
  ],
  ["Karim Benali", "k.benali@free.fr", "07 61 90 45 21", "9 allée des Cerisiers", "69100", "Villeurbanne", null],
  ["Hélène et Marc Girard", "girard.hm@laposte.net", "06 88 14 52 03", "115 route de Genas", "69500", "Bron", null],
  [
    "Cabinet dentaire Dr Faure",
    "accueil@dr-faure.fr",
    "04 78 95 60 12",
    "6 cours Gambetta",
    "69007",
    "Lyon",
    "Travaux uniquement le samedi.",
  ],
  ["Thomas Mercier", null, "06 23 77 41 98", "41 chemin du Moulin", "69570", "Dardilly", null],
  [
    "Résidence Bellecour",
    "syndic@residence-bellecour.fr",
    "04 72 41 07 55",
    "2 rue de la Charité",
    "69002",
    "Lyon",
    null,
  ],
  ["Sophie Lambert", "sophie.lambert@outlook.fr", null, "18 rue Victor Hugo", "69160", "Tassin-la-Demi-Lune", null],
  [
    "Restaurant Le Bouchon Vert",
    "contact@bouchonvert.fr",
    "04 78 28 63 44",
    "12 rue Mercière",
    "69002",
    "Lyon",
    "Accès cuisine par la cour.",
  ],
  [
    "Jean-Pierre Bonnet",
    "jp.bonnet@wanadoo.fr",
    "06 70 31 26 59",
    "7 impasse des Lilas",
    "69230",
    "Saint-Genis-Laval",
    null,
  ],
  ["Chloé Garcia", "chloe.garcia@gmail.com", "07 82 15 66 40", "33 avenue Berthelot", "69007", "Lyon", null],
  [
    "Mairie de Charbonnières",
    "technique@charbonnieres.fr",
    "04 78 87 64 00",
    "1 place de la Mairie",
    "69260",
    "Charbonnières-les-Bains",
    "Bon de commande obligatoire.",
  ],
] as const;

const LINES = {
  bathroom: [
    ["Dépose de l'ancienne salle de bain", "Évacuation des gravats en déchetterie comprise", 1, "forfait", 650, 10],
    ["Faïence murale 30×60", "Fourniture et pose, joints gris perle", 18, "m²", 64.9, 10],
    ["Receveur extra-plat 90×120 et paroi", null, 1, "unité", 890, 10],
    ["Plomberie et raccordements", "Mitigeur thermostatique inclus", 7, "heure", 55, 10],
  ],
  painting: [
    ["Préparation des supports", "Rebouchage, ponçage, sous-couche", 42, "m²", 9.5, 10],
    ["Peinture acrylique velours, 2 couches", null, 42, "m²", 18.9, 10],
    ["Protection des sols et mobilier", null, 1, "forfait", 120, 10],
  ],
  electricity: [
    ["Tableau électrique 3 rangées", "Disjoncteurs différentiels 30 mA", 1, "unité", 640, 20],
    ["Mise aux normes NF C 15-100", null, 12, "heure", 58, 20],
    ["Prises et interrupteurs", null, 14, "unité", 34, 20],
  ],
  insulation: [
    ["Isolation des combles perdus", "Laine soufflée R = 7", 65, "m²", 24.3, 5.5],
    ["Trappe d'accès isolée", null, 1, "unité", 180, 5.5],
    ["Déplacement", null, 1, "forfait", 45, 20],
  ],
  kitchen: [
    ["Pose de cuisine équipée", "Meubles fournis par le client", 1, "forfait", 1450, 10],
    ["Crédence en verre trempé", null, 3.2, "ml", 210, 10],
    ["Raccordements eau et électricité", null, 6, "heure", 55, 10],
  ],
} as const;

const QUOTES: [number, keyof typeof LINES, string, number, QuoteStatus, number][] = [
  // client index, lines, name, days ago, status, discount %
  [0, "bathroom", "Rénovation complète de la salle de bain", 150, "valide", 5],
  [1, "painting", "Peinture séjour et couloir", 140, "valide", 0],
  [2, "insulation", "Isolation des combles – bâtiment B", 120, "refuse", 0],
  [3, "electricity", "Mise aux normes du fournil", 110, "valide", 0],
  [4, "kitchen", "Pose de cuisine", 95, "annule", 0],
  [5, "bathroom", "Salle d'eau de l'étage", 80, "valide", 10],
  [6, "painting", "Rafraîchissement salle d'attente", 70, "valide", 0],
  [7, "insulation", "Isolation des combles", 55, "client relance", 0],
  [8, "electricity", "Éclairage des parties communes", 45, "envoye au client", 0],
  [9, "painting", "Peinture chambre d'enfant", 30, "valide", 0],
  [10, "kitchen", "Réaménagement de la cuisine", 21, "envoye au client", 8],
  [11, "bathroom", "Remplacement baignoire par douche", 12, "envoye au client", 0],
  [12, "painting", "Peinture appartement T3", 6, "en cours de redaction", 0],
  [13, "electricity", "Rénovation électrique de l'école", 2, "en cours de redaction", 0],
];

export async function seedDemoBook(db: Database, admin: AuthContext): Promise<void> {
  const company = createCompanyService(db, "demo-seed:files");
  await company.updateInfo(admin, DEMO_IDENTITY);
  await company.updateSettings(admin, {
    quote_validity_days: 30,
    terms_and_conditions:
      "Acompte de 30 % à la signature, solde à la réception des travaux. Paiement par virement ou chèque. " +
      "Garantie décennale souscrite auprès de la MAAF, contrat n° 123456789.",
  });
  const clients = createClientsService(db);
  const ids: string[] = [];
  for (const [name, email, phone, address, postal_code, city, notes] of CLIENTS) {
    ids.push((await clients.create(admin, { name, email, phone, address, postal_code, city, notes })).id);
  }
  const quotes = createQuotesService(db);
  const today = parisToday();
  for (const [clientIndex, kind, name, daysAgo, status, discount] of QUOTES) {
    const clientId = ids[clientIndex];
    if (!clientId) continue;
    const date = addDays(today, -daysAgo);
    const input: QuoteInput = {
      name,
      client_id: clientId,
      status: "en cours de redaction",
      date,
      valid_until: addDays(date, 30),
      notes: null,
      terms: null,
      discount_percentage: discount,
      discount_amount: 0,
      items: LINES[kind].map(([itemName, description, quantity, unit, unit_price, tax_rate]) => ({
        kind: "item",
        library_item_id: null,
        name: itemName,
        description,
        quantity,
        unit,
        unit_price,
        tax_rate,
      })),
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
}
