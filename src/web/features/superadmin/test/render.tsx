import type { PlatformAlert, PlatformCompany } from "@shared/accounts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { testQueryClient } from "@web/test/render";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";

export { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeCompany(overrides: Partial<PlatformCompany> = {}): PlatformCompany {
  return {
    id: crypto.randomUUID(),
    name: "Durand Rénovation",
    created_at: "2026-01-15T09:00:00.000Z",
    status: "actif",
    suspended: false,
    plan: "professionnel",
    trial_ends_at: null,
    users: 8,
    last_activity_at: "2026-11-20T08:30:00.000Z",
    siret: "12345678900012",
    email_contact: "contact@durand-renovation.fr",
    city: "Lyon",
    ...overrides,
  };
}

export function makeAlert(company: PlatformCompany, overrides: Partial<PlatformAlert> = {}): PlatformAlert {
  return {
    type: "expiration",
    company_id: company.id,
    company_name: company.name,
    message: "Fin de l'essai dans 3\u00a0jours",
    date: "2026-11-25",
    ...overrides,
  };
}

/** Shows where the page navigated (path and query), for the assertions. */
function Location() {
  const location = useLocation();
  return <output aria-label="Adresse">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `ui` at `url` (its query string read by the page), with the address shown beside it. */
export function renderAt(ui: ReactElement, url: string, pattern = "*") {
  const queryClient = testQueryClient();
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route
              path={pattern}
              element={
                <>
                  {ui}
                  <Location />
                </>
              }
            />
            <Route path="*" element={<Location />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
