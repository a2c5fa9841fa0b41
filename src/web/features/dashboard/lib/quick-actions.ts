import { paths } from "@web/lib/paths";
import {
  Building,
  CalendarDays,
  Contact,
  CreditCard,
  FilePlus,
  HardHat,
  type LucideIcon,
  Settings2,
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

/** SuperAdmin dashboard quick actions (docs/domain/shell.md#home). */
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
    description: "Suivre les abonnements",
    to: paths.superadminSubscriptions,
    icon: CreditCard,
  },
  {
    id: "companies",
    label: "Entreprises",
    description: "Gérer les entreprises clientes",
    to: paths.superadminCompanies,
    icon: Building,
  },
  {
    id: "platform-settings",
    label: "Paramètres plateforme",
    description: "Configurer la plateforme",
    to: paths.superadminSettings,
    icon: Settings2,
  },
];
