/**
 * Permission catalogue and the permission check (docs/domain/permissions.md).
 * Codes are `area:action`; the dotted spelling `area.action` is accepted everywhere.
 */

export interface PermissionDefinition<Code extends string = string> {
  code: Code;
  name: string;
  category: string;
}

const CRUD = [
  ["view", "Voir"],
  ["create", "Créer"],
  ["edit", "Modifier"],
  ["delete", "Supprimer"],
] as const;

type CrudAction = (typeof CRUD)[number][0];

function crud<Area extends string>(
  area: Area,
  label: string,
  category: string,
): PermissionDefinition<`${Area}:${CrudAction}`>[] {
  return CRUD.map(([action, verb]) => ({ code: `${area}:${action}` as const, name: `${verb} ${label}`, category }));
}

const def = <Code extends string>(code: Code, name: string, category: string): PermissionDefinition<Code> => ({
  code,
  name,
  category,
});

const CATALOGUE = [
  def("admin:access", "Accès administrateur", "Administration"),
  def("settings:view", "Voir les paramètres de l’entreprise", "Administration"),
  def("settings:edit", "Modifier les paramètres de l’entreprise", "Administration"),
  def("dashboard:view", "Voir le tableau de bord", "Tableau de bord"),
  ...crud("clients", "les clients", "Clients"),
  ...crud("projects", "les chantiers", "Chantiers"),
  def("projects:execute", "Exécuter les chantiers (mode chantier)", "Chantiers"),
  def("projects:budget", "Voir le budget des chantiers et le prix de leurs tâches", "Chantiers"),
  def("calendar:view", "Voir le planning", "Planning"),
  def("calendar:edit", "Planifier les chantiers", "Planning"),
  ...crud("quotes", "les devis", "Devis"),
  def("quotes:margins", "Voir les déboursés et les marges des devis", "Devis"),
  def("library:view", "Voir la bibliothèque de prix", "Bibliothèque"),
  def("library:edit", "Modifier la bibliothèque de prix", "Bibliothèque"),
  ...crud("invoices", "les factures", "Factures"),
  def("invoices:issue", "Émettre les factures (numéro définitif) et les annuler par un avoir", "Factures"),
  def("invoices:pay", "Enregistrer les paiements des factures", "Factures"),
  ...crud("teams", "les équipes", "Équipes"),
  def("team:view", "Voir toutes les équipes dans le planning", "Équipes"),
  def("team:manage", "Encadrer une équipe (chef d’équipe)", "Équipes"),
  ...crud("vehicles", "les véhicules", "Véhicules"),
  ...crud("equipment", "les équipements", "Équipements"),
  ...crud("users", "les utilisateurs", "Utilisateurs"),
  ...crud("roles", "les rôles", "Rôles"),
  def("roles:assign_users", "Attribuer des utilisateurs aux rôles", "Rôles"),
  def("roles:assign_permissions", "Attribuer des permissions aux rôles", "Rôles"),
  def("superadmin:access", "Accès à l’administration de la plateforme", "SuperAdmin"),
  def("superadmin:companies", "Gérer les entreprises de la plateforme", "SuperAdmin"),
];

/**
 * Every permission code of the catalogue, as a type: a code written in a route or a service that is
 * not in the catalogue does not compile.
 */
export type PermissionCode = (typeof CATALOGUE)[number]["code"];

export const PERMISSION_CATALOGUE: readonly PermissionDefinition<PermissionCode>[] = CATALOGUE;

export const PERMISSION_CODES: ReadonlySet<string> = new Set(PERMISSION_CATALOGUE.map((p) => p.code));

/** Permissions a company role may hold (the SuperAdmin category is platform-only). */
export const COMPANY_PERMISSION_CODES: readonly string[] = PERMISSION_CATALOGUE.filter(
  (p) => !p.code.startsWith("superadmin:"),
).map((p) => p.code);

export const SUPERADMIN_ROLE = "superadmin";

/** `clients.view` → `clients:view` (only the first dot changes). */
export function normalisePermission(name: string): string {
  return name.includes(":") ? name : name.replace(".", ":");
}

export interface PermissionSubject {
  role?: string | null | undefined;
  permissions?: readonly string[] | null | undefined;
}

export function isSuperAdmin(subject: PermissionSubject | null | undefined): boolean {
  return (subject?.role ?? "").toLowerCase() === SUPERADMIN_ROLE;
}

/** The check, in the order of docs/domain/permissions.md#check. */
export function hasPermission(subject: PermissionSubject | null | undefined, permission: string): boolean {
  if (!subject) return false;
  if (isSuperAdmin(subject)) return true;
  const held = subject.permissions;
  if (!held || held.length === 0) return false;
  if (held.includes("*")) return true;
  const wanted = normalisePermission(permission);
  const area = wanted.split(":")[0];
  return held.some((p) => {
    const code = normalisePermission(p);
    return code === wanted || code === `${area}:*`;
  });
}

export function hasAnyPermission(
  subject: PermissionSubject | null | undefined,
  permissions: readonly string[],
): boolean {
  if (!subject) return false;
  if (isSuperAdmin(subject) || subject.permissions?.includes("*")) return true;
  return permissions.some((p) => hasPermission(subject, p));
}

export function hasAllPermissions(
  subject: PermissionSubject | null | undefined,
  permissions: readonly string[],
): boolean {
  if (!subject) return false;
  if (isSuperAdmin(subject) || subject.permissions?.includes("*")) return true;
  return permissions.every((p) => hasPermission(subject, p));
}

export function hasRole(
  subject: { roles?: readonly { name: string }[] | null } | null | undefined,
  role: string,
): boolean {
  const wanted = role.toLowerCase();
  return (subject?.roles ?? []).some((r) => r.name.toLowerCase() === wanted);
}

/** Admin: superadmin or `admin:access`. */
export function isAdmin(subject: PermissionSubject | null | undefined): boolean {
  return isSuperAdmin(subject) || hasPermission(subject, "admin:access");
}

/** Team leader or above: admin or `team:manage` (design reading: admins count as team leaders). */
export function isTeamLeader(subject: PermissionSubject | null | undefined): boolean {
  return isAdmin(subject) || hasPermission(subject, "team:manage");
}

export interface DefaultRole {
  name: string;
  description: string;
  isDefault: boolean;
  permissions: readonly string[];
}

/**
 * Roles every company is created with (docs/domain/permissions.md#default-roles). The Compagnon sees no
 * money: no quote (`quotes:view`), no worksite budget nor task price (`projects:budget`), no invoice.
 */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  {
    name: "Administrateur",
    description: "Accès complet à l'entreprise\u00a0: utilisateurs, rôles, paramètres et toutes les données.",
    isDefault: false,
    permissions: COMPANY_PERMISSION_CODES,
  },
  {
    name: "Chef d'équipe",
    description: "Encadre les équipes\u00a0: clients, chantiers, planning, devis, factures, flotte et équipements.",
    isDefault: false,
    permissions: [
      "team:manage",
      "team:view",
      "dashboard:view",
      "clients:*",
      "projects:*",
      "calendar:*",
      "quotes:*",
      "library:*",
      "invoices:view",
      "invoices:create",
      "invoices:edit",
      "teams:view",
      "teams:create",
      "teams:edit",
      "vehicles:*",
      "equipment:*",
    ],
  },
  {
    name: "Compagnon",
    description: "Rôle par défaut\u00a0: planning, chantiers et mode chantier, consultation.",
    isDefault: true,
    permissions: [
      "dashboard:view",
      "calendar:view",
      "projects:view",
      "projects:execute",
      "vehicles:view",
      "equipment:view",
    ],
  },
];

/** Expands `area:*` into the catalogue codes it covers (roles store concrete codes). */
export function expandPermissionCodes(codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const raw of codes) {
    const code = normalisePermission(raw);
    if (code.endsWith(":*")) {
      const area = code.slice(0, -1);
      for (const c of COMPANY_PERMISSION_CODES) if (c.startsWith(area)) out.add(c);
    } else if (PERMISSION_CODES.has(code)) {
      out.add(code);
    }
  }
  return [...out].sort();
}
