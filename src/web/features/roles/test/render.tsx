import type { CompanyUser, Role } from "@shared/accounts";
import type { PermissionGroup } from "@shared/auth";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeRole(overrides: Partial<Role> = {}): Role {
  return {
    id: crypto.randomUUID(),
    name: "Compagnon",
    description: "Ouvrier sur les chantiers",
    is_default: false,
    permissions: [],
    user_count: 0,
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}

export function makeUser(overrides: Partial<CompanyUser> = {}): CompanyUser {
  return {
    id: crypto.randomUUID(),
    full_name: "Julien Moreau",
    email: "compagnon@durand-renovation.fr",
    is_active: true,
    last_login_at: null,
    roles: [],
    invitation_pending: false,
    is_admin: false,
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}

const permission = (code: string, name: string, category: string) => ({
  id: `p-${code}`,
  code,
  name,
  description: name,
  category,
});

/** A small catalogue, with the SuperAdmin permissions the picker must hide. */
export const CATALOGUE: PermissionGroup[] = [
  {
    category: "Clients",
    permissions: [
      permission("clients:view", "Voir les clients", "Clients"),
      permission("clients:create", "Créer les clients", "Clients"),
      permission("clients:edit", "Modifier les clients", "Clients"),
    ],
  },
  {
    category: "Devis",
    permissions: [
      permission("quotes:view", "Voir les devis", "Devis"),
      permission("quotes:create", "Créer les devis", "Devis"),
    ],
  },
  {
    category: "SuperAdmin",
    permissions: [permission("superadmin:access", "Accès à l’administration de la plateforme", "SuperAdmin")],
  },
];
