import type { accountLinkInfoSchema, accountSchema } from "@shared/accounts";
import type { AuthUser } from "@shared/auth";
import type { z } from "zod";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeLinkInfo(overrides: Partial<z.input<typeof accountLinkInfoSchema>> = {}) {
  return {
    email: "lea.martin@exemple.fr",
    full_name: "Léa Martin",
    company_name: "Martin Charpente",
    expires_at: "2026-12-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeAccount(overrides: Partial<z.input<typeof accountSchema>> = {}) {
  return {
    id: "u1",
    full_name: "Pierre Durand",
    email: "admin@durand-renovation.fr",
    company_name: "Durand Rénovation",
    roles: ["Administrateur"],
    last_login_at: "2026-11-20T08:30:00.000Z",
    ...overrides,
  };
}

/** The signed-in user of a login answer. */
export function makeAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "u9",
    email: "lea.martin@exemple.fr",
    full_name: "Léa Martin",
    avatarUrl: null,
    companyId: "c9",
    company_id: "c9",
    company_name: "Martin Charpente",
    role: "Administrateur",
    roles: [{ id: "r1", name: "Administrateur" }],
    permissions: ["admin:access"],
    ...overrides,
  };
}
