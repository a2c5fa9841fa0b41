import { addDays } from "./dates";
import { toCents } from "./money";
import { hasPermission, isAdmin, type PermissionSubject } from "./permissions";

/**
 * What a worksite screen needs without zod (docs/domain/projects.md): statuses and their labels, texts,
 * limits, and the pure rules of spec 2 §5 — the creation from a quote, the progress and its colour, a
 * new task's defaults. `projects.ts` re-exports it with the schemas.
 */

/** Worksite statuses (spec 2 §4, design §5.11), wire values as the spec spells them. */
export const PROJECT_STATUSES = ["à faire", "en cours", "en pause", "livré", "annulé"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  "à faire": "À faire",
  "en cours": "En cours",
  "en pause": "En pause",
  livré: "Livré",
  annulé: "Annulé",
};

/** A new worksite's status (the form's default). */
export const DEFAULT_PROJECT_STATUS: ProjectStatus = "à faire";
/** The statuses the list's counters show (spec 2 §2); the filter offers every status. */
export const COUNTED_PROJECT_STATUSES: readonly ProjectStatus[] = ["à faire", "en cours", "en pause", "livré"];

/** Starting (the card's button, POST …/start) is for a worksite to do or paused: it becomes `en cours`. */
export const canStartProject = (status: string): boolean => status === "à faire" || status === "en pause";
/** Finishing (« Terminer », POST …/finish) is for a worksite in progress: it becomes `livré`. */
export const canFinishProject = (status: string): boolean => status === "en cours";
/** Site execution (ticks, imprévus, photos) exists only for a worksite in progress (spec 2 §4). */
export const isExecutable = (status: string): boolean => status === "en cours";

export const PROJECT_LIMITS = {
  /** GET /api/projects: 20 a page by default, 100 at most. */
  defaultLimit: 20,
  maxLimit: 100,
  /** The list's search starts at 2 characters (spec 2 §9), debounced 300 ms on the web. */
  searchMin: 2,
  searchDebounceMs: 300,
  /** Tasks shown on a card before « +N autres tâches ». */
  cardTasks: 4,
  nameMax: 200,
  addressMax: 500,
  gateCodeMax: 100,
  notesMax: 5000,
  taskLabelMax: 300,
  maxTasks: 300,
  equipmentItems: 200,
  equipmentItemLength: 200,
  issueTitleMax: 200,
  /**
   * An imprévu's `written_at` (the phone's time when it was written, issue 32) is kept when it is at
   * most this far in the future (clocks differ; kept as the server's now) …
   */
  issueWrittenSkewMs: 5 * 60_000,
  /** … and at most this old; outside, the phone's clock is not trusted: the server's time is kept. */
  issueWrittenMaxAgeMs: 30 * 86_400_000,
  issueDescriptionMax: 5000,
  /** GET /api/project-issues: 50 a page by default, 200 at most. */
  issuesDefaultLimit: 50,
  issuesMaxLimit: 200,
  /** Photos: 20 a worksite, 5 MB each, images only (spec 2 §5, §9). */
  photosMax: 20,
  photoMaxBytes: 5 * 1024 * 1024,
} as const;

/** Worksite texts: the spec's (§2, §5, §8) in the glossary's words (« chantier », ADR 0010). */
export const PROJECT_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour accéder aux chantiers",
  notFound: "Chantier introuvable",
  taskNotFound: "Tâche introuvable",
  issueNotFound: "Imprévu introuvable",
  quoteNotFound: "Devis introuvable",
  clientNotFound: "Client introuvable",
  teamNotFound: "Équipe introuvable",
  vehicleNotFound: "Véhicule introuvable",
  quoteRequired: "Veuillez sélectionner un devis",
  nameRequired: "Le nom du chantier est obligatoire",
  nameTooLong: `Le nom\u00a0: ${PROJECT_LIMITS.nameMax} caractères au maximum`,
  statusRequired: "Veuillez sélectionner un statut",
  dateInvalid: "Date invalide",
  budgetPositive: "Le budget doit être positif",
  durationMin: "La durée estimée est d’au moins 1\u00a0jour (nombre entier)",
  taskLabelRequired: "Le libellé de la tâche est obligatoire",
  hoursPositive: "Les heures estimées doivent être positives",
  unitPricePositive: "Le prix unitaire doit être positif",
  quantityPositive: "La quantité doit être supérieure à 0",
  tooManyTasks: `${PROJECT_LIMITS.maxTasks}\u00a0tâches au maximum`,
  equipmentInvalid: "Équipement invalide",
  equipmentTooLong: `Un équipement\u00a0: ${PROJECT_LIMITS.equipmentItemLength} caractères au maximum`,
  tooManyEquipment: `${PROJECT_LIMITS.equipmentItems}\u00a0équipements au maximum`,
  issueTitleRequired: "Le titre est obligatoire",
  clientKeyInvalid: "Clé d’envoi invalide",
  /** The office's notification of a new imprévu (issue 32). */
  issueNotification: "Nouvel imprévu",
  writtenAtInvalid: "Date de rédaction invalide (date et heure ISO 8601 attendues)",
  clientKeyTaken: "Cette clé d’envoi appartient à un autre imprévu",
  /** Spec 2 §2 « Ce projet n'est pas en cours d'exécution »: ticks and imprévus of another status (409). */
  notInProgress: "Ce chantier n’est pas en cours d’exécution",
  cannotStart: "Seul un chantier à faire ou en pause peut être démarré",
  cannotFinish: "Seul un chantier en cours peut être terminé",
  // Spec 2 §8 (toasts), the glossary's words.
  started: "Chantier démarré",
  created: "Chantier créé avec succès",
  updated: "Chantier mis à jour avec succès",
  updatedWithTasks: "Chantier mis à jour",
  updatedWithTasksDescription: "Le chantier et ses tâches ont été mis à jour avec succès.",
  finished: "Chantier terminé avec succès",
  deleted: "Chantier supprimé",
  deleteTitle: "Supprimer le chantier",
  deleteFailed: "Impossible de supprimer le chantier",
  confirmDelete: (reference: string, name: string) =>
    `Le chantier ${reference} «\u00a0${name}\u00a0», ses tâches, ses imprévus et ses photos seront supprimés. Cette action est irréversible.`,
  startFailed: "Impossible de démarrer le chantier",
  createFailed: "Erreur lors de la création du chantier",
  updateFailed: "Erreur lors de la mise à jour",
  finishFailed: "Erreur lors de la finalisation",
  taskUpdated: "Tâche mise à jour",
  issueAdded: "Imprévu ajouté",
  issueUpdated: "Imprévu modifié",
  issueDeleted: "Imprévu supprimé",
  photoAdded: "Photo ajoutée",
  photoDeleted: "Photo supprimée",
  photoNotFound: "Photo introuvable",
  // Spec 2 §5 (photo upload), « chantier » for « projet » (ADR 0010).
  photoLimit: "Limite de 20 photos par chantier atteinte",
  photoImagesOnly: "Seules les images sont autorisées",
  photoTooLarge: "La taille du fichier ne peut pas dépasser 5MB",
  photoMissing: "Aucune photo reçue (champ «\u00a0photo\u00a0»)",
  photoDamaged: "Image illisible ou endommagée",
  /** Beyond `PHOTO_IMAGE`'s bounds (src/server/modules/projects/photo-image.ts): 50 MP, 16,384 px a side. */
  photoTooManyPixels: "Image trop grande\u00a0: 50\u00a0mégapixels et 16\u202f384\u00a0pixels de côté au plus",
  photoClientKeyTaken: "Cette clé d’envoi appartient à une autre photo",
  noPhotos: "Aucune photo ajoutée",
  // Screens (spec 2 §2).
  listTitle: "Mes chantiers",
  newProject: "Nouveau chantier",
  emptyTitle: "Aucun chantier trouvé",
  otherTasks: "autre tâche",
  otherTasksPlural: "autres tâches",
  noTasks: "Aucune tâche définie pour ce chantier",
  noIssues: "Aucun imprévu signalé",
  loading: "Chargement du chantier…",
  backToList: "Retour aux chantiers",
  finish: "Terminer le chantier",
  finishing: "Finalisation…",
  newTaskLabel: "Nouvelle tâche",
} as const;

/** « Chantier créé depuis le devis DEV-2026-0001 »: the line the notes of a worksite made from a quote end with. */
export const createdFromQuoteLine = (reference: string): string => `Chantier créé depuis le devis ${reference}`;

/** A new task in the form (spec 2 §5): « Nouvelle tâche », not done, 4 hours, no price, quantity 1. */
export const NEW_TASK_DEFAULTS = {
  label: PROJECT_TEXTS.newTaskLabel,
  is_done: false,
  estimated_hours: 4,
  unit_price: null,
  quantity: 1,
} as const;

/** Creation from a quote (spec 2 §5, §9). */
export const FROM_QUOTE_RULES = {
  /** Hours = unit price / 10, rounded up, clamped to 2..16. */
  hoursPerEuro: 1 / 10,
  minTaskHours: 2,
  maxTaskHours: 16,
  /** Duration = total hours / 8, rounded up, at least 1 day. */
  hoursPerDay: 8,
  minDays: 1,
} as const;

/**
 * A quote line's estimated hours: its unit price / 10 rounded up, between 2 and 16 (spec 2 §5). In
 * cents, so that 30,00 € is 3 h and never 3.0000001 → 4.
 */
export function taskHoursFromUnitPrice(unitPrice: number): number {
  const hours = Math.ceil(toCents(Math.max(0, unitPrice)) / 1000);
  return Math.min(FROM_QUOTE_RULES.maxTaskHours, Math.max(FROM_QUOTE_RULES.minTaskHours, hours));
}

/** The estimated duration of tasks: their hours / 8 rounded up, at least 1 day (spec 2 §5). */
export function durationDaysFromHours(hours: readonly (number | null | undefined)[]): number {
  // Hundredths of an hour: the stored precision, summed without float drift.
  const hundredths = hours.reduce<number>((sum, h) => sum + Math.round((h ?? 0) * 100), 0);
  return Math.max(FROM_QUOTE_RULES.minDays, Math.ceil(hundredths / (FROM_QUOTE_RULES.hoursPerDay * 100)));
}

/** A worksite made from a quote starts tomorrow: `today` is the business day (Europe/Paris, `yyyy-mm-dd`). */
export const startDateFromQuote = (today: string): string => addDays(today, 1);

/** Notes: the quote's (internal) notes, then the line naming the quote (spec 2 §5). */
export function notesFromQuote(quoteNotes: string | null | undefined, reference: string): string {
  const notes = quoteNotes?.trim();
  const line = createdFromQuoteLine(reference);
  return notes ? `${notes}\n\n${line}` : line;
}

/** A quote line as the creation from a quote reads it. */
export interface QuoteLineForTask {
  kind: string;
  name: string;
  quantity: number;
  unit_price: number;
  /** The line's unit (« m² »), to compare with its library item's. */
  unit?: string;
  /**
   * The library item the line was taken from, when there is one: its kind, category, unit and, for an
   * ouvrage, its labour time in one unit (docs/domain/library.md#ouvrages).
   */
  library?: { kind: string; category: string | null; unit: string; labour_hours: number | null } | null;
}

/**
 * The labour time of one unit of a line, as the library knows it (docs/domain/projects.md#creation-from-a-quote):
 * an ouvrage's labour time, or 1 h for a labour article counted in hours (« Main-d'œuvre carreleur »,
 * unit « heure »); null when the line comes from no library item, is counted in another unit than its
 * item (its quantity would not be the item's), or the item has no labour time.
 */
export function labourHoursPerUnit(line: QuoteLineForTask): number | null {
  const item = line.library;
  if (!item || (line.unit !== undefined && line.unit !== item.unit)) return null;
  if (item.kind === "ouvrage") return item.labour_hours && item.labour_hours > 0 ? item.labour_hours : null;
  if (item.category === "main_oeuvre" && item.unit === "heure") return 1;
  return null;
}

/**
 * The hours of a task made from a quote line: its labour time × its quantity when the library knows it
 * (to the hundredth, the stored precision, at most 9 999 h), else its unit price / 10 (spec 2 §5,
 * `taskHoursFromUnitPrice`).
 */
export function taskHoursFromQuoteLine(line: QuoteLineForTask): number {
  const perUnit = labourHoursPerUnit(line);
  if (perUnit === null) return taskHoursFromUnitPrice(line.unit_price);
  const hundredths = Math.round(perUnit * Math.max(0, line.quantity) * 100);
  return hundredths > 0 ? Math.min(999_900, hundredths) / 100 : taskHoursFromUnitPrice(line.unit_price);
}

/** Articles and ouvrages (kind `item`) become tasks; section headings and text lines do not. */
export const lineBecomesTask = (line: Pick<QuoteLineForTask, "kind">): boolean => line.kind === "item";

/** A task proposed from a quote line (its name, hours, unit price and quantity). */
export interface ProposedTask {
  label: string;
  estimated_hours: number;
  unit_price: number;
  quantity: number;
}

/** The tasks of a quote's lines, in their order (spec 2 §5), their hours from the library's labour times where known. */
export function tasksFromQuoteLines(lines: readonly QuoteLineForTask[]): ProposedTask[] {
  return lines.filter(lineBecomesTask).map((line) => ({
    label: line.name,
    estimated_hours: taskHoursFromQuoteLine(line),
    unit_price: line.unit_price,
    quantity: line.quantity,
  }));
}

/** A postal address on one line: « 12 rue des Lilas, 69003 Lyon »; null when empty. */
export function oneLineAddress(
  parts: { address?: string | null; postal_code?: string | null; city?: string | null } | null | undefined,
): string | null {
  if (!parts) return null;
  const town = [parts.postal_code?.trim(), parts.city?.trim()].filter(Boolean).join(" ");
  const line = [parts.address?.trim(), town].filter(Boolean).join(", ");
  return line || null;
}

/**
 * Where a worksite made from a quote takes place: the worksite address chosen on the quote, else the
 * client's address (spec 2 §5; docs/domain/projects.md#creation-from-a-quote).
 */
export function addressFromQuote(
  worksite: { address: string; postal_code: string | null; city: string | null } | null | undefined,
  client: { address: string | null; postal_code: string | null; city: string | null } | null | undefined,
): string | null {
  return oneLineAddress(worksite) ?? oneLineAddress(client);
}

export type ProgressColour = "blue" | "orange" | "green";

/** Done tasks over all tasks, rounded to a percent (0 without tasks), and the bar's colour (spec 2 §2). */
export function projectProgress(done: number, total: number): { percent: number; colour: ProgressColour } {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return { percent, colour: progressColour(percent) };
}

/** Blue below 50, orange from 50, green from 80 (spec 2 §9). */
export function progressColour(percent: number): ProgressColour {
  if (percent >= 80) return "green";
  if (percent >= 50) return "orange";
  return "blue";
}

/**
 * Whether a user sees every worksite of the company, or only those of the teams he belongs to
 * (docs/domain/projects.md#who-sees-which-worksites): an admin, or a holder of `team:view` (« Voir
 * toutes les équipes », which a Chef d'équipe holds and a Compagnon does not) sees them all.
 */
export function seesEveryProject(subject: PermissionSubject | null | undefined): boolean {
  return isAdmin(subject) || hasPermission(subject, "team:view");
}

/**
 * The `created_at` of an imprévu sent with the phone's `written_at` (issue 32,
 * docs/domain/projects.md#offline-on-site): that time when the phone's clock is believable — at most
 * `issueWrittenSkewMs` ahead of the server (then the server's now: never in the future) and at most
 * `issueWrittenMaxAgeMs` old —, else the server's now. Null: no time sent, the server's now.
 */
export function issueWrittenAt(writtenAt: string | null | undefined, now: Date): Date {
  if (!writtenAt) return now;
  const at = new Date(writtenAt);
  const time = at.getTime();
  if (Number.isNaN(time)) return now;
  if (time > now.getTime() + PROJECT_LIMITS.issueWrittenSkewMs) return now;
  if (time < now.getTime() - PROJECT_LIMITS.issueWrittenMaxAgeMs) return now;
  return time > now.getTime() ? now : at;
}

/** The body of the office's notification of a new imprévu: « Mur humide — CH-2026-0007 · Salle de bain Leroy, par Julien Moreau ». */
export function issueNotificationBody(
  issueTitle: string,
  reference: string,
  projectName: string,
  author: string,
): string {
  return `${issueTitle} \u2014 ${reference} \u00b7 ${projectName}, par ${author}`;
}
