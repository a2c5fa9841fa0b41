/**
 * Durand Rénovation's worksites (issue 12, docs/domain/projects.md): twelve, in every status (five
 * delivered over the year with the client's satisfaction, issue 16; a thirteenth on a weekend day), two made
 * from its validated quotes through the creation from a quote, the others blank; tasks (some ticked),
 * imprévus, photos, dates around the seed day (this week and the next, for the planning). Everything goes
 * through the projects service, signed in as the administrator, so it obeys the same rules.
 */
import { addDays, parisToday } from "@shared/dates";
import { isWeekend, mondayOf } from "@shared/planning-rules";
import { oneLineAddress, type ProjectDetail, type ProjectStatus } from "@shared/projects";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { clients, quotes, teams, vehicles } from "../db/schema";
import type { AuthContext } from "../lib/access";
import { createProjectPhotosService } from "../modules/projects/project-photos.service";
import { createProjectsService } from "../modules/projects/projects.service";
import { demoPhoto } from "./demo-photos";

interface DemoTask {
  label: string;
  hours: number;
  done?: boolean;
}

interface DemoProject {
  /** A validated quote's name: the worksite is made from it (its tasks, address, budget, notes). */
  fromQuote?: string;
  name?: string;
  client?: string;
  status: ProjectStatus;
  /**
   * Start, in days from the Monday of the seed week: this week and the next hold worksites of the three
   * teams whatever the seed day, with one deliberate clash (the planning's demo, docs/domain/planning.md).
   */
  start: number;
  team: string;
  vehicle?: string;
  gateCode?: string;
  budget?: number;
  days?: number;
  notes?: string;
  equipment?: string[];
  tasks?: DemoTask[];
  /** Ticked on site (from a quote: the first n tasks). */
  ticked?: number;
  issues?: { title: string; description?: string }[];
  /** Photos taken on site, by their caption (small generated images: demo-photos.ts). */
  photos?: string[];
  /** Delivered: « Le client est-il satisfait ? » as answered at the finish (docs/domain/dashboard.md#satisfaction). */
  satisfied?: boolean;
  /**
   * Seeded only when the seed day is a Saturday or a Sunday, starting that day: the planning skips
   * weekends, so an emergency call-out keeps the home's « Planning d'aujourd'hui » meaningful then.
   */
  weekendCallOut?: true;
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    fromQuote: "Rénovation complète de la salle de bain",
    status: "en cours",
    start: 0,
    team: "Équipe Plomberie",
    vehicle: "Jumpy plomberie",
    gateCode: "4821B",
    equipment: ["Caisse à outils plombier", "Carrelette", "Niveau laser", "Aspirateur de chantier"],
    ticked: 2,
    issues: [
      {
        title: "Fuite sur l'arrivée d'eau froide",
        description: "Raccord corrodé derrière l'ancienne baignoire, remplacé avant la pose du receveur.",
      },
      { title: "Carrelage commandé en rupture", description: "Livraison repoussée à jeudi, le fournisseur prévient." },
    ],
    photos: ["Avant travaux", "Dépose de la baignoire", "Raccord corrodé"],
  },
  {
    fromQuote: "Peinture séjour et couloir",
    status: "à faire",
    start: 7,
    // Two days, Monday and Tuesday: the team's façade starts on Wednesday (its tasks' labour times
    // would give three, and a second clash on the planning, which shows one).
    days: 2,
    team: "Équipe Gros œuvre",
    vehicle: "Kangoo dépannage",
    equipment: ["Escabeau 5 marches", "Rouleaux et manchons", "Bâches de protection", "Ruban de masquage"],
  },
  {
    name: "Mise en conformité du tableau électrique",
    client: "Martine Rousseau",
    status: "en cours",
    start: 0,
    team: "Équipe Électricité",
    vehicle: "Partner atelier",
    budget: 2380,
    days: 6,
    notes: "Prévoir la coupure générale le matin, la cliente travaille à domicile l'après-midi.",
    equipment: ["Multimètre", "Vérificateur d'absence de tension (VAT)", "Gants isolants classe 0"],
    tasks: [
      { label: "Consignation et dépose de l'ancien tableau", hours: 2, done: true },
      { label: "Pose du nouveau tableau et des disjoncteurs", hours: 5, done: true },
      { label: "Reprise des circuits et repérage", hours: 4 },
      { label: "Essais, mesures et attestation Consuel", hours: 2 },
    ],
    issues: [
      {
        title: "Circuit de la cuisine sans terre",
        description: "Tirer un conducteur de protection depuis le tableau.",
      },
    ],
  },
  {
    name: "Remplacement du chauffe-eau",
    client: "M. Karim Benali",
    status: "à faire",
    start: 3,
    team: "Équipe Plomberie",
    vehicle: "Jumpy plomberie",
    budget: 1650,
    days: 1,
    gateCode: "1947",
    tasks: [
      { label: "Vidange et dépose de l'ancien ballon", hours: 2 },
      { label: "Pose du chauffe-eau 200 L et du groupe de sécurité", hours: 4 },
      { label: "Mise en eau et contrôle des fuites", hours: 1 },
    ],
  },
  {
    name: "Cloison et placard de la chambre",
    client: "Famille Lefèvre",
    status: "en pause",
    start: 0,
    team: "Équipe Gros œuvre",
    vehicle: "Master benne",
    budget: 3200,
    days: 3,
    tasks: [
      { label: "Montage de l'ossature métallique", hours: 6, done: true },
      { label: "Pose des plaques de plâtre", hours: 6, done: true },
      { label: "Bandes et enduit", hours: 5 },
      { label: "Pose des portes de placard", hours: 4 },
    ],
    issues: [
      { title: "Enduit à laisser sécher", description: "Reprise prévue après séchage complet, la semaine prochaine." },
    ],
    photos: ["Ossature montée"],
  },
  {
    name: "Réfection de la terrasse",
    client: "SCI Les Terrasses",
    status: "livré",
    satisfied: true,
    start: -21,
    team: "Équipe Gros œuvre",
    vehicle: "Transit benne",
    budget: 7840,
    days: 4,
    tasks: [
      { label: "Dépose de l'ancien carrelage", hours: 8, done: true },
      { label: "Chape et forme de pente", hours: 8, done: true },
      { label: "Étanchéité sous carrelage", hours: 6, done: true },
      { label: "Pose du carrelage extérieur", hours: 12, done: true },
    ],
    issues: [
      { title: "Évacuation des eaux pluviales bouchée", description: "Débouchée et nettoyée, signalé au gérant." },
    ],
    photos: ["Terrasse avant", "Chape coulée", "Carrelage posé"],
  },
  {
    name: "Pose d'une cuisine équipée",
    client: "Martine Rousseau",
    status: "annulé",
    start: 14,
    team: "Équipe Plomberie",
    budget: 5400,
    days: 3,
    notes: "Chantier abandonné par la cliente (déménagement).",
    tasks: [
      { label: "Dépose de l'ancienne cuisine", hours: 4 },
      { label: "Pose des meubles et du plan de travail", hours: 10 },
    ],
  },
  {
    name: "Ravalement de la façade du fournil",
    client: "Boulangerie Moreau",
    status: "à faire",
    start: 9,
    team: "Équipe Gros œuvre",
    vehicle: "Master benne",
    budget: 12600,
    days: 5,
    gateCode: "Cour arrière",
    tasks: [
      { label: "Installation de l'échafaudage", hours: 6 },
      { label: "Nettoyage haute pression", hours: 6 },
      { label: "Rebouchage des fissures", hours: 8 },
      { label: "Deux couches de peinture façade", hours: 14 },
      { label: "Repli de chantier", hours: 3 },
    ],
  },
  // Delivered over the year, each with the client's answer (issue 16: the home's « Clients satisfaits »).
  {
    name: "Dépannage éclairage du cabinet",
    client: "Cabinet dentaire Dr Faure",
    status: "livré",
    satisfied: false,
    start: -98,
    team: "Équipe Électricité",
    budget: 430,
    days: 1,
    notes: "Le cabinet attendait une intervention le matin même : venus l'après-midi.",
    tasks: [
      { label: "Recherche de panne", hours: 2, done: true },
      { label: "Remplacement des dalles LED", hours: 2, done: true },
    ],
  },
  {
    name: "Entretien des chaudières de la résidence",
    client: "Résidence Bellecour",
    status: "livré",
    satisfied: true,
    start: -60,
    team: "Équipe Plomberie",
    budget: 736,
    days: 2,
    tasks: [
      { label: "Entretien des six chaudières", hours: 9, done: true },
      { label: "Remplacement des joints et électrodes", hours: 3, done: true },
    ],
  },
  {
    name: "Remplacement de la hotte de cuisine",
    client: "Restaurant Le Bouchon Vert",
    status: "livré",
    satisfied: true,
    start: -49,
    team: "Équipe Gros œuvre",
    budget: 2655,
    days: 2,
    tasks: [
      { label: "Dépose de l'ancienne hotte", hours: 3, done: true },
      { label: "Pose de la hotte et de la gaine d'extraction", hours: 7, done: true },
    ],
  },
  {
    name: "Mise en conformité de l'éclairage de la salle des fêtes",
    client: "Mairie de Charbonnières",
    status: "livré",
    satisfied: true,
    start: -28,
    team: "Équipe Électricité",
    budget: 1498,
    days: 2,
    tasks: [
      { label: "Pose des blocs autonomes", hours: 6, done: true },
      { label: "Câblage et essais", hours: 4, done: true },
      { label: "Attestation de conformité", hours: 1, done: true },
    ],
  },
  {
    name: "Dépannage fuite sous l'évier",
    client: "Mme Sophie Lambert",
    status: "en cours",
    weekendCallOut: true,
    start: 0,
    team: "Équipe Plomberie",
    budget: 180,
    days: 1,
    notes: "Appel d'urgence du week-end : fuite au siphon, eau coupée au compteur.",
    tasks: [
      { label: "Recherche de la fuite", hours: 1, done: true },
      { label: "Remplacement du siphon et des joints", hours: 1 },
    ],
  },
];

/** The demo worksites for the signed-in administrator's company (teams, vehicles, quotes seeded before). */
export async function seedDemoProjects(db: Database, admin: AuthContext): Promise<ProjectDetail[]> {
  const companyId = admin.companyId;
  if (!companyId) throw new Error("the demo worksites belong to a company");
  const service = createProjectsService(db);
  // The answers' signed URLs are not used by the seed: no file secret needed.
  const photos = createProjectPhotosService(db, "seed");
  const today = parisToday();
  const lookups = await db.run({ companyId }, async (tx) => ({
    clients: await tx
      .select({
        id: clients.id,
        name: clients.name,
        address: clients.address,
        postal_code: clients.postalCode,
        city: clients.city,
      })
      .from(clients)
      .where(eq(clients.companyId, companyId)),
    teams: await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.companyId, companyId)),
    vehicles: await tx
      .select({ id: vehicles.id, name: vehicles.name })
      .from(vehicles)
      .where(eq(vehicles.companyId, companyId)),
    quotes: await tx
      .select({ id: quotes.id, name: quotes.name })
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.status, "valide"), isNull(quotes.projectId)))
      .orderBy(asc(quotes.date)),
  }));
  const idOf = (rows: { id: string; name: string }[], name: string | undefined, what: string) => {
    if (name === undefined) return null;
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`demo ${what} ${name} not found`);
    return found.id;
  };
  // Vehicles are optional (a company seeded without its fleet).
  const vehicleOf = (name: string | undefined) => lookups.vehicles.find((v) => v.name === name)?.id ?? null;

  const made: ProjectDetail[] = [];
  for (const demo of demoProjectsFor(today)) {
    const common = {
      start_date: demo.weekendCallOut ? today : addDays(mondayOf(today), demo.start),
      team_id: idOf(lookups.teams, demo.team, "team"),
      vehicle_id: vehicleOf(demo.vehicle),
      gate_code: demo.gateCode ?? null,
      equipment: demo.equipment ?? [],
    };
    let project: ProjectDetail;
    if (demo.fromQuote) {
      const quoteId = idOf(lookups.quotes, demo.fromQuote, "validated quote");
      if (!quoteId) throw new Error("demo quote expected");
      project = await service.fromQuote(admin, {
        quote_id: quoteId,
        ...common,
        ...(demo.days ? { estimated_duration_days: demo.days } : {}),
      });
    } else {
      project = await service.create(admin, {
        ...common,
        name: demo.name ?? "",
        status: "à faire",
        client_id: idOf(lookups.clients, demo.client, "client"),
        // At the client's, as the creation from a quote would say.
        address: oneLineAddress(lookups.clients.find((c) => c.name === demo.client)),
        notes: demo.notes ?? null,
        budget_total: demo.budget ?? null,
        estimated_duration_days: demo.days ?? null,
        tasks: (demo.tasks ?? []).map((t) => ({
          label: t.label,
          estimated_hours: t.hours,
          unit_price: null,
          quantity: 1,
        })),
      });
    }
    const worked = demo.status !== "à faire" && demo.status !== "annulé";
    if (worked) {
      project = await service.start(admin, project.id);
      const ticks = demo.tasks
        ? demo.tasks.map((t) => t.done === true)
        : project.tasks.map((_, i) => i < (demo.ticked ?? 0));
      for (const [index, task] of project.tasks.entries()) {
        if (ticks[index]) await service.tick(admin, task.id, { is_done: true });
      }
      for (const issue of demo.issues ?? []) {
        await service.createIssue(admin, {
          project_id: project.id,
          title: issue.title,
          description: issue.description ?? null,
        });
      }
      for (const [index, caption] of (demo.photos ?? []).entries()) {
        await photos.upload(admin, {
          data: await demoPhoto(caption, index),
          filename: `${caption}.jpg`,
          truncated: false,
          fields: { project_id: project.id },
        });
      }
      if (demo.status === "livré") {
        project = await service.finish(admin, project.id, { client_satisfied: demo.satisfied ?? null });
      }
    }
    if (demo.status === "en pause" || demo.status === "annulé") {
      const current = await service.get(admin, project.id);
      project = await service.update(admin, project.id, { ...bodyOf(current), status: demo.status });
    }
    made.push(await service.get(admin, project.id));
  }
  await dateDemoProjects(db, companyId);
  return made;
}

/** The demo worksites of the seed day: the weekend call-out only on a Saturday or a Sunday. */
export function demoProjectsFor(today: string): DemoProject[] {
  return DEMO_PROJECTS.filter((demo) => !demo.weekendCallOut || isWeekend(today));
}

/**
 * The worksites were written, started and finished today: dated as they were lived (created twelve days
 * before their start, started on their first day, delivered on their last), so that the home compares
 * with a month ago truthfully (docs/domain/dashboard.md#active-worksites). Never later than now.
 */
async function dateDemoProjects(db: Database, companyId: string): Promise<void> {
  const at = (day: string, hour: number) =>
    sql`((${sql.raw(day)})::timestamp + make_interval(hours => ${hour})) AT TIME ZONE 'Europe/Paris'`;
  await db.run({ companyId }, (tx) =>
    tx.execute(sql`
      UPDATE projects SET
        created_at = least(created_at, ${at("start_date - 12", 9)}),
        started_at = CASE WHEN started_at IS NOT NULL THEN least(started_at, ${at("start_date", 8)}) END,
        finished_at = CASE WHEN finished_at IS NOT NULL THEN least(finished_at, ${at("end_date", 17)}) END
      WHERE company_id = ${companyId} AND start_date IS NOT NULL`),
  );
}

/** The PUT body that says `project` as it is (its tasks kept with their ticks). */
function bodyOf(project: ProjectDetail) {
  return {
    name: project.name,
    status: project.status,
    client_id: project.client_id,
    start_date: project.start_date,
    team_id: project.team_id,
    vehicle_id: project.vehicle_id,
    address: project.address,
    gate_code: project.gate_code,
    notes: project.notes,
    budget_total: project.budget_total ?? null,
    estimated_duration_days: project.estimated_duration_days,
    equipment: project.equipment,
    tasks: project.tasks.map((t) => ({
      id: t.id,
      label: t.label,
      estimated_hours: t.estimated_hours,
      unit_price: t.unit_price ?? null,
      quantity: t.quantity,
    })),
  };
}
