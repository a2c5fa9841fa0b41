import type { Client } from "@shared/clients";
import type { PermissionCode } from "@shared/permissions";
import type { Quote } from "@shared/quotes";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { makeQuoteDocument } from "@web/test/document-fixtures";
import { EVERY_PERMISSION, TestPermissions, testQueryClient } from "@web/test/render";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { CLIENT_ID } from "./list-fixtures";

/** Factories and render helper of the invoice form's tests (create, edit, from a quote). */

export const QUOTE_ID = "6f1c2a8e-1b2c-4d5e-8f90-a1b2c3d4e5f6";
export const PROJECT_ID = "7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

/** A client as GET /api/clients/:id answers it (the picker names the client chosen). */
export function makeClient(overrides: Partial<Client> = {}): Client {
  return {
    id: CLIENT_ID,
    name: "Martine Leroy",
    email: "martine@exemple.fr",
    phone: null,
    address: null,
    postal_code: null,
    city: "Lozanne",
    notes: null,
    is_active: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** A validated quote of a heading and two lines (10 % and 20 %), 5 % off, with its worksite. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  const line = { library_item_id: null, description: null, tax_amount: 0, total: 0 };
  const quote = makeQuoteDocument(CLIENT_ID);
  return makeQuoteDocument(CLIENT_ID, {
    status: "valide",
    client: { ...quote.client, name: "Martine Leroy", email: null, city: "Lozanne" },
    terms: "Acompte de 30 % à la commande",
    discount_percentage: 5,
    discount: 15,
    tax_amount: 38,
    total: 323,
    vat_breakdown: [
      { rate: 20, base: 100, discount: 5, net: 95, tax: 19 },
      { rate: 10, base: 200, discount: 10, net: 190, tax: 19 },
    ],
    project_id: PROJECT_ID,
    items: [
      // Out of order on purpose: the form follows the positions.
      {
        ...line,
        id: "i2",
        position: 2,
        kind: "item",
        name: "Carrelage",
        quantity: 10,
        unit: "m²",
        unit_price: 20,
        tax_rate: 10,
        subtotal: 200,
      },
      {
        ...line,
        id: "i1",
        position: 1,
        kind: "section",
        name: "Salle de bain",
        quantity: 0,
        unit: "",
        unit_price: 0,
        tax_rate: 0,
        subtotal: 300,
      },
      {
        ...line,
        id: "i3",
        position: 3,
        kind: "item",
        name: "Peinture",
        quantity: 4,
        unit: "heure",
        unit_price: 25,
        tax_rate: 20,
        subtotal: 100,
      },
    ],
    ...overrides,
  });
}

/**
 * Renders `page` at `path` in a data router (the form's page guard blocks navigation while dirty), with
 * stand-ins for where the form leads: the list, an invoice's page, the quotes.
 */
export function renderFormPage(
  page: ReactElement,
  {
    path,
    route,
    permissions = EVERY_PERMISSION,
  }: { path: string; route: string; permissions?: readonly PermissionCode[] },
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: route, element: page },
      { path: "/invoices", element: <p>Liste des factures</p> },
      { path: "/invoices/:id", element: <p>Page de la facture</p> },
      { path: "/quotes", element: <p>Liste des devis</p> },
    ],
    { initialEntries: [path] },
  );
  return {
    queryClient,
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TestPermissions permissions={permissions}>
          <RouterProvider router={router} />
        </TestPermissions>
      </QueryClientProvider>,
    ),
  };
}
