import { formatDate, formatTime, plural } from "@shared/format";
import { formatHours } from "@shared/format-trade";

/**
 * The texts of « Mode chantier » beyond the spec (its own are in PROJECT_TEXTS): the offline outbox
 * (docs/domain/projects.md#offline-on-site), the tiles, the forms.
 */
export const SITE_TEXTS = {
  title: "Mode chantier",
  /** The header (issue 32): the gate code, a call to the client, the route to the worksite. */
  gateCode: "Code d’accès",
  callClient: "Appeler client",
  route: "Y aller",
  tasksTitle: "Tâches du chantier",
  issuesTitle: "Imprévus",
  reportIssue: "Signaler un imprévu",
  issueTitleLabel: "Titre",
  issueDescriptionLabel: "Description",
  issueTitlePlaceholder: "Ex.\u00a0: fuite sous l’évier",
  addIssue: "Ajouter l’imprévu",
  saveIssue: "Enregistrer",
  cancel: "Annuler",
  deleteIssueTitle: "Supprimer l’imprévu\u202f?",
  deletePhotoTitle: "Supprimer la photo\u202f?",
  deletePhotoText: "Cette action est irréversible\u00a0: la photo sera retirée du chantier.",
  takePhoto: "Prendre une photo",
  photoLimitReached: "20\u00a0photos au maximum par chantier",
  openPhoto: "Ouvrir la photo",
  photoOffline: "Photo (hors ligne)",
  finishTitle: "Terminer le chantier\u202f?",
  finishText:
    "Le chantier passera au statut «\u00a0Livré\u00a0»\u00a0: ses tâches, imprévus et photos ne se modifieront plus en mode chantier.",
  finishAfterSync: "Les actions en attente doivent être envoyées avant de terminer le chantier.",
  finishOffline: "Reconnectez-vous pour terminer le chantier.",
  viewProject: "Voir le chantier",
  readOnly: "Consultation seule\u00a0: vous n’avez pas la permission d’agir sur ce chantier.",
  loadFailed: "Impossible de charger le chantier",
  neverSeenOffline:
    "Ce chantier n’a pas encore été ouvert sur ce téléphone\u00a0: il s’affichera hors ligne une fois consulté avec du réseau.",
  // Offline
  offline: "Hors ligne",
  offlineText: "Vos actions sont gardées sur cet appareil et seront envoyées au retour du réseau.",
  syncing: "Synchronisation…",
  syncNow: "Synchroniser",
  waiting: "Envoi en attente",
  serverUnreachable: "Serveur indisponible",
  serverBusy: "Le serveur ne répond pas\u00a0: nouvel essai dans quelques instants.",
  pendingBadge: "En attente",
  notSentTitle: "Non envoyé",
  notSentText: "Le serveur a refusé ces actions. Elles restent ici tant que vous ne les retirez pas.",
  retry: "Réessayer",
  discard: "Retirer",
  synced: "Synchronisation terminée",
} as const;

/** « en attente de synchronisation (2) »: the actions kept on the phone, not yet sent. */
export const pendingLabel = (count: number): string => `en attente de synchronisation (${count})`;

/** « 2 actions envoyées »: what a synchronisation sent (its toast). */
export const syncedLabel = (count: number): string => plural(count, "action envoyée", "actions envoyées");

/** « Estimation : 4 h », « Estimation : 2 h 30 » (spec 2 §2 « 4h », in the glossary's typography). */
export const estimateLabel = (hours: number): string => `Estimation\u00a0: ${formatHours(hours)}`;

/** « 25/11/2026 à 14 h 05 » (spec 2 §2: dd/MM/yyyy à HH:mm, times as the glossary writes them), in the phone's time zone. */
export function issueDateLabel(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${formatDate(date)} à ${formatTime(date)}`;
}

/** « Démarré le 25/11/2026 ». */
export const startedLabel = (startedAt: string): string => `Démarré le ${formatDate(new Date(startedAt))}`;
