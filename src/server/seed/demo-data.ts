/**
 * The demo book of Durand Rénovation (README.md#demo-accounts): identity, settings and clients, created
 * through the same services as the app (its quotes: demo-quotes.ts, once the library exists).
 */
import { type ClientCreateBody, clientCreateSchema } from "@shared/clients";
import { companyInfoInputSchema } from "@shared/company";
import type { Database } from "../db/client";
import type { AuthContext } from "../lib/access";
import { createClientsService } from "../modules/clients/clients.service";
import { createCompanyService } from "../modules/company/company.service";

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
  siret: "812 345 676 00017",
  tva_number: "FR19812345676",
  // The mentions its invoices print (docs/decisions/0015-invoice-mentions.md).
  legal_form: "SARL",
  share_capital: "20 000 €",
  registration: "RCS Lyon 812 345 676",
  insurer_name: "MAAF Assurances",
  insurer_policy: "123456789",
  insurance_coverage: "France métropolitaine",
  vat_franchise: false,
  // The account its invoices are paid to (docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants): a RIB
  // 30004 00823 00010456789, its key 43, the IBAN key 76 computed (ISO 13616), as the SIRET's and VAT keys.
  iban: "FR76 3000 4008 2300 0104 5678 943",
  bic: "BNPAFRPPXXX",
};

/**
 * The demo client book, individuals and businesses (ADR 0012); QUOTES below refer to them by their
 * index: same count, same order. Businesses carry a SIRET checked by its key, their VAT number, contact
 * people, and some clients worksite addresses apart from the billing one.
 */
const CLIENTS: ClientCreateBody[] = [
  {
    type: "particulier",
    name: "Famille Lefèvre",
    last_name: "Famille Lefèvre",
    email: "lefevre.famille@orange.fr",
    phone: "06 12 34 56 78",
    address: "14 rue des Tilleuls",
    postal_code: "69003",
    city: "Lyon",
    notes: "Portail bleu, sonner deux fois.",
  },
  {
    type: "particulier",
    name: "Martine Rousseau",
    first_name: "Martine",
    last_name: "Rousseau",
    email: "m.rousseau@gmail.com",
    phone: "06 45 22 87 10",
    address: "3 place Carnot",
    postal_code: "69002",
    city: "Lyon",
  },
  {
    type: "professionnel",
    name: "SCI Les Terrasses",
    company_name: "SCI Les Terrasses",
    siret: "79248315800012",
    vat_number: "FR50792483158",
    email: "gestion@sci-terrasses.fr",
    phone: "04 72 33 18 90",
    address: "27 quai Perrache",
    postal_code: "69002",
    city: "Lyon",
    notes: "Syndic\u00a0: M. Baptiste, joignable le matin.",
    contacts: [
      { name: "Bruno Baptiste", role: "Gérant", phone: "06 71 40 22 18", email: "b.baptiste@sci-terrasses.fr" },
      { name: "Nadia Ferrand", role: "Comptable", email: "compta@sci-terrasses.fr" },
    ],
    addresses: [{ label: "Bâtiment B", address: "29 quai Perrache", postal_code: "69002", city: "Lyon" }],
  },
  {
    type: "professionnel",
    name: "Boulangerie Moreau",
    company_name: "Boulangerie Moreau",
    siret: "52871460300024",
    vat_number: "FR15528714603",
    email: "contact@boulangerie-moreau.fr",
    phone: "04 78 42 11 36",
    address: "52 rue Paul Bert",
    postal_code: "69003",
    city: "Lyon",
    notes: "Intervenir après 14 h (fermeture).",
    contacts: [{ name: "Sylvie Moreau", role: "Gérante", phone: "06 30 18 74 52" }],
  },
  {
    type: "particulier",
    name: "M. Karim Benali",
    civility: "M.",
    first_name: "Karim",
    last_name: "Benali",
    email: "k.benali@free.fr",
    phone: "07 61 90 45 21",
    address: "9 allée des Cerisiers",
    postal_code: "69100",
    city: "Villeurbanne",
  },
  {
    type: "particulier",
    name: "Hélène et Marc Girard",
    last_name: "Hélène et Marc Girard",
    email: "girard.hm@laposte.net",
    phone: "06 88 14 52 03",
    address: "115 route de Genas",
    postal_code: "69500",
    city: "Bron",
    addresses: [
      { label: "Maison de vacances", address: "12 chemin des Vignes", postal_code: "69440", city: "Mornant" },
    ],
  },
  {
    type: "professionnel",
    name: "Cabinet dentaire Dr Faure",
    company_name: "Cabinet dentaire Dr Faure",
    siret: "81406937300011",
    email: "accueil@dr-faure.fr",
    phone: "04 78 95 60 12",
    address: "6 cours Gambetta",
    postal_code: "69007",
    city: "Lyon",
    notes: "Travaux uniquement le samedi.",
    contacts: [{ name: "Laurent Faure", role: "Chirurgien-dentiste", phone: "06 14 85 27 90" }],
  },
  {
    type: "particulier",
    name: "Thomas Mercier",
    first_name: "Thomas",
    last_name: "Mercier",
    phone: "06 23 77 41 98",
    address: "41 chemin du Moulin",
    postal_code: "69570",
    city: "Dardilly",
  },
  {
    type: "professionnel",
    name: "Résidence Bellecour",
    company_name: "Résidence Bellecour",
    email: "syndic@residence-bellecour.fr",
    phone: "04 72 41 07 55",
    address: "2 rue de la Charité",
    postal_code: "69002",
    city: "Lyon",
    contacts: [
      { name: "Régie Saint-Jean", role: "Syndic", phone: "04 78 37 12 60", email: "copro@regie-saint-jean.fr" },
    ],
  },
  {
    type: "particulier",
    name: "Mme Sophie Lambert",
    civility: "Mme",
    first_name: "Sophie",
    last_name: "Lambert",
    email: "sophie.lambert@outlook.fr",
    address: "18 rue Victor Hugo",
    postal_code: "69160",
    city: "Tassin-la-Demi-Lune",
  },
  {
    type: "professionnel",
    name: "Restaurant Le Bouchon Vert",
    company_name: "Restaurant Le Bouchon Vert",
    siret: "49113528100039",
    vat_number: "FR08491135281",
    email: "contact@bouchonvert.fr",
    phone: "04 78 28 63 44",
    address: "12 rue Mercière",
    postal_code: "69002",
    city: "Lyon",
    notes: "Accès cuisine par la cour.",
    contacts: [
      { name: "Julien Vidal", role: "Chef et gérant", phone: "06 52 18 33 07", email: "julien@bouchonvert.fr" },
    ],
  },
  {
    type: "particulier",
    name: "Jean-Pierre Bonnet",
    first_name: "Jean-Pierre",
    last_name: "Bonnet",
    email: "jp.bonnet@wanadoo.fr",
    phone: "06 70 31 26 59",
    address: "7 impasse des Lilas",
    postal_code: "69230",
    city: "Saint-Genis-Laval",
  },
  {
    type: "particulier",
    name: "Chloé Garcia",
    first_name: "Chloé",
    last_name: "Garcia",
    email: "chloe.garcia@gmail.com",
    phone: "07 82 15 66 40",
    address: "33 avenue Berthelot",
    postal_code: "69007",
    city: "Lyon",
  },
  {
    type: "professionnel",
    name: "Mairie de Charbonnières",
    company_name: "Mairie de Charbonnières",
    siret: "21690044900010",
    vat_number: "FR42216900449",
    email: "technique@charbonnieres.fr",
    phone: "04 78 87 64 00",
    address: "1 place de la Mairie",
    postal_code: "69260",
    city: "Charbonnières-les-Bains",
    notes: "Bon de commande obligatoire.",
    contacts: [
      {
        name: "Services techniques",
        role: "Suivi des travaux",
        phone: "04 78 87 64 12",
        email: "technique@charbonnieres.fr",
      },
      { name: "Service des finances", role: "Factures", email: "finances@charbonnieres.fr" },
    ],
    addresses: [
      {
        label: "École Jean Moulin",
        address: "5 avenue du Général de Gaulle",
        postal_code: "69260",
        city: "Charbonnières-les-Bains",
      },
      { label: "Salle des fêtes", address: "8 route de Paris", postal_code: "69260", city: "Charbonnières-les-Bains" },
    ],
  },
];

/** A demo client as the demo quotes need it: its id and its worksite addresses. */
export interface DemoClient {
  id: string;
  addresses: { label: string | null; address: string; postal_code: string | null; city: string | null }[];
}

/** The identity, settings and clients of Durand Rénovation; its clients in CLIENTS' order. */
export async function seedDemoBook(db: Database, admin: AuthContext): Promise<DemoClient[]> {
  const company = createCompanyService(db, "demo-seed:files");
  // Parsed as a PUT body is: the identifiers pass their keys, the IBAN is stored without spaces.
  await company.updateInfo(admin, companyInfoInputSchema.parse(DEMO_IDENTITY));
  await company.updateSettings(admin, {
    quote_validity_days: 30,
    terms_and_conditions:
      // The décennale insurance is printed from the identity's insurer fields (ADR 0015), not repeated here.
      "Acompte de 30 % à la signature, solde à la réception des travaux. Paiement par virement ou chèque.",
    // Renovation of homes over two years old: 10 % (docs/domain/company-settings.md#rules).
    default_tax_rate: 10,
  });
  const clients = createClientsService(db);
  const created: DemoClient[] = [];
  for (const client of CLIENTS) created.push(await clients.create(admin, clientCreateSchema.parse(client)));
  return created.map(({ id, addresses }) => ({
    id,
    addresses: addresses.map(({ label, address, postal_code, city }) => ({ label, address, postal_code, city })),
  }));
}
