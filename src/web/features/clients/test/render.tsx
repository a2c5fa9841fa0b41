import type { Client } from "@shared/clients";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { EVERY_PERMISSION, installBrowserStubs, jsonResponse, renderWithProviders } from "@web/test/render";

export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f",
    name: "Jean Dupont",
    email: "jean@exemple.fr",
    phone: "06 12 34 56 78",
    address: "12 rue de la Paix",
    postal_code: "69001",
    city: "Lyon",
    notes: "Portail bleu",
    is_active: true,
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}
