import type { AuthUser } from "@shared/auth";

/**
 * The signed-in user a screen test stores (`auth_user`) or answers: the demo administrator of Durand
 * Rénovation holding `admin:access`, with what the test changes (its permissions, mostly).
 */
export function testAuthUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: "u1",
    email: "admin@durand-renovation.fr",
    full_name: "Pierre Durand",
    avatarUrl: null,
    companyId: "c1",
    company_id: "c1",
    company_name: "Durand Rénovation",
    role: "Administrateur",
    roles: [{ id: "r1", name: "Administrateur" }],
    permissions: ["admin:access"],
    ...overrides,
  };
}
