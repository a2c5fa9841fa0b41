import { hasPermission, isAdmin, isSuperAdmin, isTeamLeader, type PermissionSubject } from "@shared/permissions";
import { paths } from "@web/lib/paths";
import {
  BookOpen,
  Building,
  CalendarDays,
  Contact,
  FileText,
  HardHat,
  House,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MailWarning,
  Receipt,
  Settings,
  ShieldCheck,
  Truck,
  UserCog,
  UsersRound,
  Wrench,
} from "lucide-react";

export type NavEntryId =
  | "home"
  | "library"
  | "clients"
  | "projects"
  | "calendar"
  | "teams"
  | "quotes"
  | "invoices"
  | "reminders"
  | "vehicles"
  | "equipment"
  | "users"
  | "messages"
  | "settings"
  | "roles"
  | "platform-dashboard"
  | "platform-companies";

export interface NavEntry {
  id: NavEntryId;
  label: string;
  to: string;
  icon: LucideIcon;
  /** Active only on the exact path (the home page). */
  end?: boolean;
}

type Audience = (subject: PermissionSubject | null) => boolean;

const everyone: Audience = () => true;
const teamLeaders: Audience = (s) => isTeamLeader(s);
const admins: Audience = (s) => isAdmin(s);
const libraryUsers: Audience = (s) => hasPermission(s, "library:view");
/** Quotes carry amounts: the default Compagnon does not see them (issue 32, ADR 0026). */
const quoteReaders: Audience = (s) => hasPermission(s, "quotes:view");
/** « À relancer »: whoever sees quotes or invoices (each list with its own permission). */
const reminders: Audience = (s) => hasPermission(s, "quotes:view") || hasPermission(s, "invoices:view");
const roleAdmins: Audience = (s) => isAdmin(s) && hasPermission(s, "roles:view");

/** The desktop sidebar (docs/domain/shell.md#sidebar), in its order, with who sees each entry. */
const COMPANY_ENTRIES: readonly (NavEntry & { audience: Audience })[] = [
  { id: "home", label: "Accueil", to: paths.home, icon: House, end: true, audience: everyone },
  { id: "clients", label: "Clients", to: paths.clients, icon: Contact, audience: teamLeaders },
  { id: "projects", label: "Chantiers", to: paths.projects, icon: HardHat, audience: everyone },
  { id: "calendar", label: "Planning", to: paths.calendar, icon: CalendarDays, audience: everyone },
  { id: "teams", label: "Équipes", to: paths.teams, icon: UsersRound, audience: teamLeaders },
  { id: "quotes", label: "Devis", to: paths.quotes, icon: FileText, audience: quoteReaders },
  { id: "library", label: "Bibliothèque", to: paths.library, icon: BookOpen, audience: libraryUsers },
  { id: "invoices", label: "Factures", to: paths.invoices, icon: Receipt, audience: teamLeaders },
  { id: "reminders", label: "À relancer", to: paths.reminders, icon: MailWarning, audience: reminders },
  { id: "vehicles", label: "Véhicules", to: paths.vehicles, icon: Truck, audience: everyone },
  { id: "equipment", label: "Équipements", to: paths.equipment, icon: Wrench, audience: everyone },
  { id: "users", label: "Utilisateurs", to: paths.users, icon: UserCog, audience: admins },
  { id: "messages", label: "Messages envoyés", to: paths.messages, icon: Mail, audience: admins },
  { id: "settings", label: "Paramètres", to: paths.settings, icon: Settings, audience: admins },
  { id: "roles", label: "Rôles", to: paths.roles, icon: ShieldCheck, audience: roleAdmins },
];

/** The SuperAdmin's platform navigation. */
export const PLATFORM_ENTRIES: readonly NavEntry[] = [
  {
    id: "platform-dashboard",
    label: "Tableau de bord plateforme",
    to: paths.superadmin,
    icon: LayoutDashboard,
    end: true,
  },
  { id: "platform-companies", label: "Entreprises", to: paths.superadminCompanies, icon: Building },
];

/** Mobile bottom tabs (docs/domain/shell.md#mobile-navigation); the fifth tab, « Plus », opens the drawer. */
export const BOTTOM_TABS: readonly NavEntry[] = [
  { id: "home", label: "Accueil", to: paths.home, icon: House, end: true },
  { id: "projects", label: "Chantiers", to: paths.projects, icon: HardHat },
  { id: "quotes", label: "Devis", to: paths.quotes, icon: FileText },
  { id: "calendar", label: "Planning", to: paths.calendar, icon: CalendarDays },
];

/** The bottom tabs this subject may open: « Devis » only for whoever reads quotes (ADR 0026). */
export function bottomTabs(subject: PermissionSubject | null): NavEntry[] {
  return BOTTOM_TABS.filter((tab) => tab.id !== "quotes" || quoteReaders(subject));
}

/** The « Plus » drawer's title: what it holds, the pages not in the bottom bar (issue 32, ADR 0027). */
export const DRAWER_TITLE = "Autres rubriques";
export const DRAWER_DESCRIPTION = "Les rubriques absentes de la barre du bas";

/**
 * Order of the « Plus » drawer (docs/domain/shell.md#mobile-navigation): the office's daily pages first
 * (Clients, Factures, À relancer), then the library, the teams and equipment, the administration.
 */
const DRAWER_ORDER: readonly NavEntryId[] = [
  "clients",
  "invoices",
  "reminders",
  "library",
  "teams",
  "vehicles",
  "equipment",
  "users",
  "messages",
  "roles",
  "settings",
];

function strip({ audience: _audience, ...entry }: NavEntry & { audience: Audience }): NavEntry {
  return entry;
}

/** Company sidebar entries the subject may see. */
export function companyEntries(subject: PermissionSubject | null): NavEntry[] {
  return COMPANY_ENTRIES.filter((entry) => entry.audience(subject)).map(strip);
}

/** The sidebar for this subject: the platform navigation for a SuperAdmin, else the company one. */
export function sidebarEntries(subject: PermissionSubject | null): NavEntry[] {
  return isSuperAdmin(subject) ? [...PLATFORM_ENTRIES] : companyEntries(subject);
}

/** Drawer entries: the company entries not in the bottom bar, same visibility as the sidebar. */
export function drawerEntries(subject: PermissionSubject | null): NavEntry[] {
  const visible = new Map(companyEntries(subject).map((entry) => [entry.id, entry]));
  return DRAWER_ORDER.flatMap((id) => {
    const entry = visible.get(id);
    return entry ? [entry] : [];
  });
}
