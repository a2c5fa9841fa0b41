import type { CompanyUser, Role } from "@shared/accounts";

export { apiError, type FakeApi, fakeApi, noContent } from "@web/test/fake-api";
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
    last_login_at: "2026-11-20T08:30:00.000Z",
    roles: [],
    invitation_pending: false,
    is_admin: false,
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}

/** A role as a user's badge. */
export function roleRef(role: Role) {
  return { id: role.id, name: role.name, description: role.description };
}
