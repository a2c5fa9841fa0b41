import type { CompanyInfo, CompanySettings } from "@shared/company";
import type { PermissionCode } from "@shared/permissions";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { EVERY_PERMISSION, TestPermissions, testQueryClient } from "@web/test/render";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";

export { apiError, FakeAnswer, type FakeApi, fakeApi, type Method, noContent } from "@web/test/fake-api";
export { installBrowserStubs, jsonResponse } from "@web/test/render";

/**
 * Renders inside a fresh query cache, a data router (the page blocks navigation when dirty) and the
 * user's permissions (every one unless given).
 */
export function renderPage(
  ui: ReactElement,
  initialPath = "/settings",
  permissions: readonly PermissionCode[] = EVERY_PERMISSION,
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: "/settings", element: ui },
      { path: "/", element: <p>Accueil</p> },
    ],
    { initialEntries: [initialPath] },
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

export function makeInfo(overrides: Partial<CompanyInfo> = {}): CompanyInfo {
  return {
    name: "Durand Rénovation",
    logo_url: null,
    address1: "12 rue des Artisans",
    address2: null,
    zip_code: "69003",
    city: "Lyon",
    country: "France",
    phone_contact: "04 78 00 00 00",
    email_contact: "contact@durand-renovation.fr",
    website: null,
    siret: null,
    tva_number: null,
    legal_form: null,
    share_capital: null,
    registration: null,
    insurer_name: null,
    insurer_policy: null,
    insurance_coverage: null,
    vat_franchise: false,
    iban: null,
    bic: null,
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<CompanySettings> = {}): CompanySettings {
  return {
    quote_validity_days: 30,
    terms_and_conditions: null,
    default_tax_rate: 20,
    extra_tax_rates: [],
    reminder_after_days: 7,
    vat_on_debits: false,
    updated_at: "2026-11-01T08:00:00.000Z",
    ...overrides,
  };
}
