import { addDays } from "./dates";
import { formatCount, formatDate, plural } from "./format";

/**
 * What a vehicles screen needs without zod (docs/domain/vehicles.md): limits, statuses and their
 * labels, texts, the plate's normal form and the « à surveiller » rule. `vehicles.ts` re-exports it
 * with the schemas.
 */

export const VEHICLE_LIMITS = {
  /** GET /api/vehicles: spec 3 §9, 50 a page; 100 at most. */
  defaultLimit: 50,
  maxLimit: 100,
  nameMax: 100,
  /** Spec 3 §5 and §9: a plate, if any, has at least 2 characters. */
  registrationMin: 2,
  registrationMax: 20,
  brandMax: 60,
  modelMax: 60,
  /** Kilometres on the counter: a whole number, 0 to 9 999 999. */
  mileageMax: 9_999_999,
  /** Spec 3 §5, « Search ». */
  searchDebounceMs: 300,
  /** Spec 3 §2.6 and §9: skeleton cards while the first page loads. */
  skeletons: 8,
} as const;

/** A vehicle is « à surveiller » when one of its dates is past or within this many days (docs/domain/vehicles.md#à-surveiller). */
export const VEHICLE_ATTENTION_DAYS = 30;

export const VEHICLE_STATUSES = ["available", "maintenance", "in_use"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

/** Spec 3 §4 « Vehicle status »; maintenance is « En maintenance » (the spec gives no label). */
export const VEHICLE_STATUS_LABELS: Record<VehicleStatus, string> = {
  available: "Disponible",
  maintenance: "En maintenance",
  in_use: "En utilisation",
};

/**
 * The three dates that keep a vehicle on the road, in the order the form and the details show them: the
 * service first, the field « Planifier l'entretien » focuses.
 */
export const VEHICLE_DUE_FIELDS = ["next_service_date", "next_inspection_date", "insurance_expiry_date"] as const;
export type VehicleDueField = (typeof VEHICLE_DUE_FIELDS)[number];

export const VEHICLE_DUE_LABELS: Record<VehicleDueField, string> = {
  next_service_date: "Prochain entretien",
  next_inspection_date: "Prochain contrôle technique",
  insurance_expiry_date: "Fin de l’assurance",
};

/** Vehicle texts (screens, toasts, validation): the spec's words (§2.6, §5 Vehicle, §8 Vehicles). */
export const VEHICLE_TEXTS = {
  companyRequired: "Vous devez être connecté à une entreprise pour accéder aux véhicules",
  notFound: "Véhicule introuvable",
  nameRequired: "Le nom du véhicule est requis",
  nameTooLong: `Le nom du véhicule\u00a0: ${VEHICLE_LIMITS.nameMax} caractères au maximum`,
  registrationTooShort: "La plaque doit contenir au moins 2 caractères",
  registrationTooLong: `La plaque\u00a0: ${VEHICLE_LIMITS.registrationMax} caractères au maximum`,
  registrationInvalid: "Plaque invalide",
  statusInvalid: "Statut invalide (available, maintenance ou in_use)",
  mileageInvalid: "Le kilométrage doit être un nombre entier de kilomètres, positif ou nul",
  mileageTooHigh: "Le kilométrage ne peut pas dépasser 9\u202f999\u202f999\u00a0km",
  dateInvalid: "Date invalide (jj/mm/aaaa)",
  attentionInvalid: "Filtre invalide (true ou false)",
  /** 409 on a plate already used in the company (docs/domain/vehicles.md#plate). */
  registrationTaken: (plate: string) => `Un autre véhicule de l’entreprise porte déjà la plaque ${plate}.`,
  /** 409 on deleting a vehicle a worksite uses (docs/domain/vehicles.md#deletion). */
  usedByProjects:
    "Ce véhicule est affecté à un chantier\u00a0: retirez-le de ce chantier ou changez de véhicule avant de le supprimer.",
  created: "Véhicule créé",
  createdDescription: "Le véhicule a été ajouté avec succès.",
  updated: "Véhicule modifié",
  updatedDescription: "Les modifications ont été enregistrées.",
  deleted: "Véhicule supprimé",
  failedTitle: "Erreur",
  createFailed: "Impossible de créer le véhicule.",
  updateFailed: "Impossible de modifier le véhicule.",
  deleteFailed: "Impossible de supprimer le véhicule.",
  loadFailed: "Erreur lors du chargement des véhicules",
  emptyTitle: "Aucun véhicule trouvé",
  emptyText: "Commencez par ajouter votre premier véhicule à la flotte.",
  deleteTitle: "Supprimer le véhicule",
  /** Spec 3 §2.6, its quotes written as French quotes (docs/glossary.md). */
  confirmDelete: (name: string) =>
    `Êtes-vous sûr de vouloir supprimer le véhicule «\u00a0${name}\u00a0»\u202f? Cette action ne peut pas être annulée.`,
  attention: "À surveiller",
  accessDenied: "Vous n'avez pas les permissions pour accéder à cette page.",
} as const;

/**
 * A plate as stored (spec 3 §3: upper-cased on entry): trimmed, upper-cased, inner runs of spaces
 * made one; empty text is no plate. « ab-123-cd » and « AB-123-CD » are the same plate.
 */
export function normaliseRegistration(value: string): string {
  return value.trim().replace(/\s+/g, " ").toLocaleUpperCase("fr-FR");
}

/** The last day (yyyy-mm-dd) a date may fall on for its vehicle to be « à surveiller » `today`. */
export function attentionLimit(today: string): string {
  return addDays(today, VEHICLE_ATTENTION_DAYS);
}

export type VehicleDates = Partial<Record<VehicleDueField, string | null>>;

/** A date of a vehicle that needs attention, and the sentence that says so. */
export interface VehicleDue {
  field: VehicleDueField;
  date: string;
  /** The date is before today: the inspection, service or insurance is late. */
  overdue: boolean;
  /** « Contrôle technique le 03/12/2026 », « Assurance expirée depuis le 01/11/2026 ». */
  text: string;
}

const DUE_TEXTS: Record<VehicleDueField, { soon: string; overdue: string }> = {
  next_service_date: { soon: "Entretien le", overdue: "Entretien en retard depuis le" },
  next_inspection_date: { soon: "Contrôle technique le", overdue: "Contrôle technique dépassé depuis le" },
  insurance_expiry_date: { soon: "Assurance expire le", overdue: "Assurance expirée depuis le" },
};

/**
 * « À surveiller » (docs/domain/vehicles.md#à-surveiller): the dates of `vehicle` that are past or fall
 * within VEHICLE_ATTENTION_DAYS days of `today` (both yyyy-mm-dd, Europe/Paris days), the earliest
 * first. Empty: the vehicle needs no attention. The server's `needs_attention` filter and count read
 * the same bound (`attentionLimit`) against the earliest of the three dates.
 */
export function vehicleAttention(vehicle: VehicleDates, today: string): VehicleDue[] {
  const limit = attentionLimit(today);
  const dues: VehicleDue[] = [];
  for (const field of VEHICLE_DUE_FIELDS) {
    const date = vehicle[field];
    if (!date || date > limit) continue;
    const overdue = date < today;
    const words = DUE_TEXTS[field];
    dues.push({ field, date, overdue, text: `${overdue ? words.overdue : words.soon} ${formatDate(date)}` });
  }
  return dues.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** The vehicle needs attention `today` (one of its dates is past or within 30 days). */
export function needsAttention(vehicle: VehicleDates, today: string): boolean {
  return vehicleAttention(vehicle, today).length > 0;
}

/** Brand and model as one line: « Renault Master »; '' when neither is known. */
export function vehicleMakeAndModel(vehicle: { brand: string | null; model: string | null }): string {
  return [vehicle.brand, vehicle.model].filter(Boolean).join(" ");
}

/** « 125 400 km »; '' without a reading. */
export function formatMileage(mileage: number | null | undefined): string {
  if (mileage == null) return "";
  return `${formatCount(mileage)}\u00a0km`;
}

/** « 3 véhicules », « 1 véhicule ». */
export function vehicleCount(count: number): string {
  return plural(count, "véhicule");
}
