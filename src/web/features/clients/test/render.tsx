import type { ClientRecord } from "@shared/clients";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { EVERY_PERMISSION, installBrowserStubs, jsonResponse, renderWithProviders } from "@web/test/render";

/** An individual as the API answers it (every field). */
export function makeClient(overrides: Partial<ClientRecord> = {}): ClientRecord {
  return {
    id: "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f",
    name: "Jean Dupont",
    type: "particulier",
    civility: null,
    first_name: "Jean",
    last_name: "Dupont",
    company_name: null,
    siret: null,
    vat_number: null,
    email: "jean@exemple.fr",
    phone: "06 12 34 56 78",
    address: "12 rue de la Paix",
    postal_code: "69001",
    city: "Lyon",
    notes: "Portail bleu",
    is_active: true,
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    contacts: [],
    addresses: [],
    ...overrides,
  };
}

/** A business with a SIRET, a VAT number, a contact and a worksite address. */
export function makeBusiness(overrides: Partial<ClientRecord> = {}): ClientRecord {
  return makeClient({
    id: "3b9d6f2a-1c4e-4a8b-9d7e-5f6a7b8c9d0e",
    name: "SCI Les Terrasses",
    type: "professionnel",
    first_name: null,
    last_name: null,
    company_name: "SCI Les Terrasses",
    siret: "30326504500011",
    vat_number: "FR40303265045",
    email: "gestion@sci-terrasses.fr",
    phone: "04 72 33 18 90",
    address: "27 quai Perrache",
    postal_code: "69002",
    notes: null,
    contacts: [
      {
        id: "0f1e2d3c-4b5a-4697-8877-665544332211",
        name: "Bruno Baptiste",
        role: "Gérant",
        phone: "06 11 22 33 44",
        email: "b.baptiste@sci-terrasses.fr",
      },
    ],
    addresses: [
      {
        id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
        label: "Bâtiment B",
        address: "29 quai Perrache",
        postal_code: "69002",
        city: "Lyon",
        premises: null,
      },
    ],
    ...overrides,
  });
}
