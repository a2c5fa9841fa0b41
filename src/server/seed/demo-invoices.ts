/**
 * Durand Rénovation's invoices (issue 14, docs/domain/invoices.md#demo): about twenty-five over the last
 * twelve months (the older ones paid small jobs, for the home's chart: issue 16) in every state — drafts, issued, partly paid, paid, overdue, one cancelled by its credit note,
 * deposits and a final invoice deducting one. Everything goes through the invoices service, signed in
 * as the administrator, with the service's clock set to each event's day: the documents are issued in
 * the order of their dates, so their numbers follow each other without a gap, as the law asks.
 */
import { addDays, parisToday } from "@shared/dates";
import type { Invoice, InvoiceInput, PaymentMethod } from "@shared/invoices";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { clients, projects, quotes } from "../db/schema";
import type { AuthContext } from "../lib/access";
import { createInvoicesService } from "../modules/invoices/invoices.service";

type Line = [name: string, quantity: number, unit: string, unitPrice: number, taxRate: number];

/** What happens to a document, in days before the seed day. */
type Step =
  | { at: number; do: "issue" }
  | { at: number; do: "pay"; amount?: number; method: PaymentMethod; reference?: string }
  | { at: number; do: "cancel" };

type DemoInvoice = { steps: Step[] } & (
  | { from: "lines"; client: string; name: string; created: number; lines: Line[]; workDay?: number; notes?: string }
  | { from: "quote"; quote: string; created: number }
  | { from: "deposit"; quote: string; created: number; percentage: number }
  | { from: "worksite"; worksite: string; created: number }
);

const transfer = "bank_transfer" as const;

export const DEMO_INVOICES: readonly DemoInvoice[] = [
  // The year before (issue 16): small jobs month after month, paid, so the home's 12 months mean something.
  {
    from: "lines",
    client: "Résidence Bellecour",
    name: "Remplacement des robinets d'arrêt en chaufferie",
    created: 350,
    lines: [
      ["Robinet d'arrêt 1/4 de tour DN 32", 4, "unité", 86, 10],
      ["Main d'œuvre", 6, "heure", 55, 10],
    ],
    steps: [
      { at: 349, do: "issue" },
      { at: 330, do: "pay", method: transfer, reference: "VIR REGIE SAINT-JEAN" },
    ],
  },
  {
    from: "lines",
    client: "Mme Sophie Lambert",
    name: "Remplacement du ballon d'eau chaude",
    created: 320,
    lines: [
      ["Ballon thermodynamique 200 L", 1, "unité", 1890, 5.5],
      ["Pose et mise en service", 6, "heure", 55, 5.5],
    ],
    steps: [
      { at: 319, do: "issue" },
      { at: 305, do: "pay", method: "check", reference: "Chèque n° 1120458" },
    ],
  },
  {
    from: "lines",
    client: "Famille Lefèvre",
    name: "Réparation de la fuite sous l'évier",
    created: 290,
    lines: [
      ["Recherche et réparation de fuite", 1, "forfait", 145, 10],
      ["Siphon et joints", 1, "unité", 24, 10],
    ],
    steps: [
      { at: 290, do: "issue" },
      { at: 288, do: "pay", method: "card" },
    ],
  },
  {
    from: "lines",
    client: "Boulangerie Moreau",
    name: "Remplacement de l'éclairage du magasin",
    created: 262,
    lines: [
      ["Spot LED encastré", 12, "unité", 39, 20],
      ["Pose et câblage", 8, "heure", 58, 20],
    ],
    steps: [
      { at: 261, do: "issue" },
      { at: 235, do: "pay", method: transfer, reference: "VIR BOULANGERIE MOREAU" },
    ],
  },
  {
    from: "lines",
    client: "Cabinet dentaire Dr Faure",
    name: "Mise aux normes du local technique",
    created: 232,
    lines: [
      ["Tableau divisionnaire", 1, "unité", 540, 20],
      ["Main d'œuvre", 9, "heure", 62, 20],
    ],
    steps: [
      { at: 231, do: "issue" },
      { at: 205, do: "pay", method: transfer },
    ],
  },
  {
    from: "lines",
    client: "Hélène et Marc Girard",
    name: "Peinture du salon",
    created: 201,
    lines: [
      ["Préparation des murs", 38, "m²", 6.5, 10],
      ["Peinture murs 2 couches", 38, "m²", 19.5, 10],
    ],
    steps: [
      { at: 200, do: "issue" },
      { at: 185, do: "pay", amount: 500, method: "check", reference: "Chèque n° 3304871" },
      { at: 170, do: "pay", method: "check", reference: "Chèque n° 3304872" },
    ],
  },
  {
    from: "lines",
    client: "M. Karim Benali",
    name: "Dépannage du tableau électrique",
    created: 178,
    lines: [
      ["Recherche de panne", 2, "heure", 62, 10],
      ["Disjoncteur différentiel 30 mA", 1, "unité", 96, 10],
    ],
    steps: [
      { at: 178, do: "issue" },
      { at: 172, do: "pay", method: "cash" },
    ],
  },
  {
    from: "lines",
    client: "Thomas Mercier",
    name: "Pose d'un mitigeur thermostatique",
    created: 127,
    lines: [
      ["Mitigeur thermostatique de douche", 1, "unité", 189, 10],
      ["Pose", 1.5, "heure", 55, 10],
    ],
    steps: [
      { at: 126, do: "issue" },
      { at: 118, do: "pay", method: "card" },
    ],
  },
  // The bathroom renovation: 30 % at signature, paid; the worksite is still running.
  {
    from: "deposit",
    quote: "Rénovation complète de la salle de bain",
    percentage: 30,
    created: 148,
    steps: [
      { at: 147, do: "issue" },
      { at: 140, do: "pay", method: transfer, reference: "VIR LEFEVRE ACOMPTE" },
    ],
  },
  {
    from: "lines",
    client: "Martine Rousseau",
    name: "Remplacement du chauffe-eau",
    created: 145,
    workDay: 146,
    lines: [
      ["Chauffe-eau électrique 200 L", 1, "unité", 690, 10],
      ["Dépose et pose, raccordements", 4, "heure", 55, 10],
      ["Déplacement", 1, "forfait", 45, 10],
    ],
    steps: [
      { at: 144, do: "issue" },
      { at: 131, do: "pay", method: "check", reference: "Chèque n° 4471203" },
    ],
  },
  // The bakery's electrics: a deposit, then the final invoice that deducts it.
  {
    from: "deposit",
    quote: "Mise aux normes du fournil",
    percentage: 40,
    created: 108,
    steps: [
      { at: 107, do: "issue" },
      { at: 100, do: "pay", method: transfer },
    ],
  },
  {
    from: "lines",
    client: "Cabinet dentaire Dr Faure",
    name: "Dépannage éclairage du cabinet",
    created: 96,
    lines: [
      ["Recherche de panne", 2, "heure", 62, 20],
      ["Remplacement de 4 dalles LED", 4, "unité", 48.5, 20],
    ],
    steps: [
      { at: 96, do: "issue" },
      { at: 90, do: "pay", method: "card" },
    ],
  },
  {
    from: "quote",
    quote: "Mise aux normes du fournil",
    created: 75,
    steps: [
      { at: 74, do: "issue" },
      { at: 60, do: "pay", method: transfer, reference: "VIR BOULANGERIE MOREAU" },
    ],
  },
  // The waiting room: invoiced, cancelled by a credit note (wrong client address), invoiced again.
  {
    from: "quote",
    quote: "Rafraîchissement salle d'attente",
    created: 66,
    steps: [
      { at: 65, do: "issue" },
      { at: 63, do: "cancel" },
    ],
  },
  {
    from: "quote",
    quote: "Rafraîchissement salle d'attente",
    created: 63,
    steps: [
      { at: 63, do: "issue" },
      { at: 45, do: "pay", method: transfer },
    ],
  },
  {
    from: "lines",
    client: "Résidence Bellecour",
    name: "Entretien annuel des chaudières",
    created: 58,
    lines: [
      ["Entretien chaudière gaz", 6, "unité", 110, 10],
      ["Remplacement joints et électrodes", 2, "unité", 38, 10],
    ],
    steps: [
      { at: 57, do: "issue" },
      { at: 40, do: "pay", amount: 400, method: transfer, reference: "Acompte syndic" },
    ],
  },
  // The holiday home's shower room: issued, partly paid, now late.
  {
    from: "quote",
    quote: "Salle d'eau de l'étage",
    created: 50,
    steps: [
      { at: 49, do: "issue" },
      { at: 30, do: "pay", amount: 1500, method: "check", reference: "Chèque n° 0082231" },
    ],
  },
  {
    from: "lines",
    client: "Restaurant Le Bouchon Vert",
    name: "Remplacement de la hotte de cuisine",
    created: 44,
    lines: [
      ["Hotte inox professionnelle 2 m", 1, "unité", 1850, 20],
      ["Gaine et raccordement extraction", 1, "forfait", 420, 20],
      ["Main d'œuvre", 7, "heure", 55, 20],
    ],
    steps: [{ at: 43, do: "issue" }],
  },
  {
    from: "lines",
    client: "Thomas Mercier",
    name: "Pose d'un radiateur sèche-serviettes",
    created: 35,
    lines: [
      ["Radiateur sèche-serviettes 750 W", 1, "unité", 289, 10],
      ["Pose et raccordement", 2, "heure", 55, 10],
    ],
    steps: [
      { at: 34, do: "issue" },
      { at: 20, do: "pay", method: "cash" },
    ],
  },
  {
    from: "lines",
    client: "Mairie de Charbonnières",
    name: "Mise en conformité de l'éclairage de la salle des fêtes",
    created: 28,
    lines: [
      ["Bloc autonome d'éclairage de sécurité", 8, "unité", 96, 20],
      ["Pose et câblage", 10, "heure", 58, 20],
      ["Attestation de conformité", 1, "forfait", 150, 20],
    ],
    steps: [{ at: 27, do: "issue" }],
  },
  // The terrace (a finished worksite without quote): invoiced from the worksite page.
  { from: "worksite", worksite: "Réfection de la terrasse", created: 14, steps: [{ at: 13, do: "issue" }] },
  {
    from: "lines",
    client: "Chloé Garcia",
    name: "Remplacement du mitigeur de cuisine",
    created: 9,
    lines: [
      ["Mitigeur évier bec haut", 1, "unité", 129, 10],
      ["Pose", 1, "heure", 55, 10],
    ],
    steps: [
      { at: 8, do: "issue" },
      { at: 2, do: "pay", method: "card" },
    ],
  },
  {
    from: "lines",
    client: "Jean-Pierre Bonnet",
    name: "Débouchage canalisation",
    created: 5,
    lines: [["Intervention débouchage haute pression", 1, "forfait", 180, 10]],
    steps: [{ at: 4, do: "issue" }],
  },
  // Issued on the seed day: this month's revenue is never empty on the home.
  {
    from: "lines",
    client: "Résidence Bellecour",
    name: "Remplacement du circulateur de chauffage",
    created: 0,
    lines: [
      ["Circulateur électronique", 1, "unité", 412, 10],
      ["Main d'œuvre", 2, "heure", 55, 10],
    ],
    steps: [{ at: 0, do: "issue" }],
  },
  // Drafts still being written.
  { from: "quote", quote: "Peinture chambre d'enfant", created: 3, steps: [] },
  {
    from: "lines",
    client: "Hélène et Marc Girard",
    name: "Réparation de la porte de garage",
    created: 1,
    lines: [
      ["Ressort de porte sectionnelle", 2, "unité", 74, 20],
      ["Main d'œuvre", 2, "heure", 55, 20],
    ],
    steps: [],
  },
];

/** Every event of the demo, in the order of its day (then of the list): what the clock sees. */
export async function seedDemoInvoices(db: Database, admin: AuthContext): Promise<Invoice[]> {
  const today = parisToday();
  let day = today;
  const service = createInvoicesService(db, { today: () => day });
  const companyId = admin.companyId ?? "";
  const lookups = await db.run(admin.scope, async (tx) => ({
    clients: await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(eq(clients.companyId, companyId)),
    quotes: await tx
      .select({ id: quotes.id, name: quotes.name })
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.status, "valide"))),
    projects: await tx
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(eq(projects.companyId, companyId)),
  }));
  const idOf = (rows: { id: string; name: string }[], name: string, what: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`demo ${what} ${name} not found`);
    return found.id;
  };

  type Event = { at: number; order: number; run: () => Promise<void> };
  const events: Event[] = [];
  const made = new Map<number, Invoice>();
  DEMO_INVOICES.forEach((demo, index) => {
    events.push({
      at: demo.created,
      order: index,
      run: async () => {
        made.set(index, await create(demo));
      },
    });
    for (const step of demo.steps) {
      events.push({
        at: step.at,
        order: index,
        run: async () => {
          const invoice = made.get(index);
          if (!invoice) throw new Error(`demo invoice ${index} not created before its ${step.do}`);
          if (step.do === "issue") made.set(index, await service.issue(admin, invoice.id));
          else if (step.do === "cancel") await service.cancel(admin, invoice.id);
          else {
            made.set(
              index,
              await service.addPayment(admin, invoice.id, {
                date: day,
                amount: step.amount ?? invoice.balance_due,
                method: step.method,
                reference: step.reference ?? null,
              }),
            );
          }
        },
      });
    }
  });
  // Oldest first; on one day, the documents in the list's order.
  events.sort((a, b) => b.at - a.at || a.order - b.order);
  for (const event of events) {
    day = addDays(today, -event.at);
    await event.run();
  }
  return [...made.values()];

  async function create(demo: DemoInvoice): Promise<Invoice> {
    switch (demo.from) {
      case "deposit":
        return service.deposit(admin, idOf(lookups.quotes, demo.quote, "validated quote"), {
          percentage: demo.percentage,
        });
      case "quote":
        return service.fromQuote(admin, idOf(lookups.quotes, demo.quote, "validated quote"));
      case "worksite":
        return service.fromProject(admin, idOf(lookups.projects, demo.worksite, "worksite"));
      case "lines": {
        const input: InvoiceInput = {
          client_id: idOf(lookups.clients, demo.client, "client"),
          name: demo.name,
          date: day,
          due_date: addDays(day, 30),
          work_date: demo.workDay !== undefined ? addDays(today, -demo.workDay) : null,
          payment_method: transfer,
          notes: demo.notes ?? null,
          terms: null,
          legal_mentions: undefined,
          reverse_charge: false,
          discount_percentage: 0,
          discount_amount: 0,
          items: demo.lines.map(([name, quantity, unit, unit_price, tax_rate]) => ({
            kind: "item" as const,
            name,
            description: null,
            quantity,
            unit,
            unit_price,
            tax_rate,
          })),
        };
        return service.create(admin, input);
      }
    }
  }
}
