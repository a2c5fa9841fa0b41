import { paths } from "@web/lib/paths";
import {
  Building,
  Building2,
  CalendarDays,
  Contact,
  CreditCard,
  FilePlus,
  HardHat,
  Hourglass,
  type LucideIcon,
} from "lucide-react";

export interface QuickAction {
  id: string;
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
  /** Permission needed to use the target screen (the UI hides what the server would refuse). */
  permission?: string;
}

/** Company dashboard quick actions (docs/domain/shell.md#home). */
export const COMPANY_QUICK_ACTIONS: readonly QuickAction[] = [
  {
    id: "new-project",
    label: "Nouveau chantier",
    description: "Démarrer et planifier un chantier",
    to: paths.projectNew,
    icon: HardHat,
    permission: "projects:create",
  },
  {
    id: "new-quote",
    label: "Nouveau devis",
    description: "Chiffrer une demande client",
    to: paths.quoteNew,
    icon: FilePlus,
    permission: "quotes:create",
  },
  {
    id: "calendar",
    label: "Planning",
    description: "Voir le planning des équipes",
    to: paths.calendar,
    icon: CalendarDays,
    permission: "calendar:view",
  },
  {
    id: "new-client",
    label: "Nouveau client",
    description: "Ajouter un client à votre fichier",
    to: paths.clientNew,
    icon: Contact,
    permission: "clients:create",
  },
];

/**
 * SuperAdmin dashboard quick actions (spec 1, docs/domain/accounts.md#web-links-account-and-superadmin):
 * the subscriptions are the companies list filtered on the paying ones, the trials on the trial plan;
 * no platform settings screen (nothing real to set yet).
 */
export const PLATFORM_QUICK_ACTIONS: readonly QuickAction[] = [
  {
    id: "new-company",
    label: "Nouvelle entreprise",
    description: "Créer une entreprise et son administrateur",
    to: paths.superadminCompanyNew,
    icon: Building,
  },
  {
    id: "subscriptions",
    label: "Abonnements",
    description: "Suivre les abonnements actifs",
    to: `${paths.superadminCompanies}?status=actif`,
    icon: CreditCard,
  },
  {
    id: "companies",
    label: "Entreprises",
    description: "Gérer les entreprises clientes",
    to: paths.superadminCompanies,
    icon: Building2,
  },
  {
    id: "trials",
    label: "Essais gratuits",
    description: "Suivre les entreprises à l’essai",
    to: `${paths.superadminCompanies}?status=essai`,
    icon: Hourglass,
  },
];
