import { verifyResponseSchema } from "@shared/auth";
import { clientListResponseSchema, clientSchema } from "@shared/clients";
import { summaryOfQuotes } from "@shared/quote-figures";
import { quoteHistoryEntrySchema } from "@shared/quote-history";
import { QUOTE_TEXTS } from "@shared/quote-rules";
import { quoteTemplateSchema } from "@shared/quote-templates";
import { quoteDefaultsSchema, quoteListResponseSchema, quoteSchema } from "@shared/quotes";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { AuthProvider } from "@web/features/auth/components/auth-provider";
import { QuotesPage } from "@web/features/quotes/components/quotes-page";
import {
  apiError,
  EVERY_PERMISSION,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeClient,
  makeQuote,
  never,
  renderWithProviders,
} from "@web/features/quotes/test/render";
import { toast as appToast } from "@web/lib/toast";
import { testAuthUser } from "@web/test/auth-user";
import { TestPermissions, testQueryClient } from "@web/test/render";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { QuoteNewRoute } from "./quote-new-route";
import { QuotesRoute } from "./quotes-route";

const toast = vi.mocked(appToast, true);

/** The quote the server creates (its reference given by the server) and one already stored. */
const CREATED = makeQuote({
  id: "0b7e9c52-2f0d-4d1a-9a55-7c1e3f0a9b21",
  reference: "DEV-2026-0042",
  name: "Cuisine Martin",
});
const SIGNED = makeQuote({ status: "valide", name: "Toiture Bernard", reference: "DEV-2026-0031" });

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  localStorage.clear();
  api.get("/api/clients", clientListResponseSchema, () => ({
    data: [makeClient()],
    meta: { total: 1, page: 1, limit: 20 },
  }));
  api.get("/api/clients/:id", clientSchema, () => makeClient());
  api.get("/api/quote-templates", z.object({ data: z.array(quoteTemplateSchema) }), () => ({ data: [] }));
  api.get("/api/quotes", quoteListResponseSchema, () => ({
    data: [SIGNED],
    meta: { total: 1, page: 1, limit: 20, summary: summaryOfQuotes([SIGNED]) },
  }));
  api.get("/api/quotes/:id/history", z.array(quoteHistoryEntrySchema), () => []);
  api.get(
    "/api/quotes/:id",
    quoteSchema,
    ({ params }) => [CREATED, SIGNED].find((quote) => quote.id === params.id) ?? apiError(404, QUOTE_TEXTS.notFound),
  );
  api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 20 }));
  api.post("/api/quotes", quoteSchema, () => CREATED);
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
  toast.error.mockReset();
});

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

/** Fills what « Créer le devis » needs: a name, a client, a line. */
async function fillNewQuote() {
  type("Nom du devis *", "Cuisine Martin");
  fireEvent.click(await screen.findByRole("combobox", { name: "Client *" }));
  fireEvent.click(await screen.findByRole("option", { name: /Jean Dupont/ }));
  type("Désignation (ligne 1)", "Plan de travail");
}

describe("After « Créer le devis », the new quote is open (issue 32)", () => {
  it("in the list's dialog: the form gives way to the new quote's view", async () => {
    renderWithProviders(<QuotesPage isMobile={false} />, { permissions: EVERY_PERMISSION });
    fireEvent.click(await screen.findByRole("button", { name: "Nouveau devis" }));
    await screen.findByLabelText("Nom du devis *");
    await fillNewQuote();
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));

    const view = await screen.findByRole("dialog", { name: /Devis DEV-2026-0042/ });
    expect(within(view).getByText("Cuisine Martin")).toBeTruthy();
    expect(screen.queryByLabelText("Nom du devis *")).toBeNull();
    expect(api.requests("POST", "/api/quotes")).toHaveLength(1);
  });

  it("on the /quotes/new page: the address becomes /quotes/<id>, the list with the new quote open", async () => {
    const router = signedInRouter("/quotes/new");
    fireEvent.input(await screen.findByLabelText("Nom du devis *"), { target: { value: "Cuisine Martin" } });
    await fillNewQuote();
    fireEvent.click(screen.getByRole("button", { name: "Créer le devis" }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/quotes/${CREATED.id}`));
    const view = await screen.findByRole("dialog", { name: /Devis DEV-2026-0042/ });
    expect(within(view).getByText("Cuisine Martin")).toBeTruthy();
    // « Retour » from the quote does not go back to an empty form: /quotes/new was replaced.
    expect(router.state.historyAction).toBe("REPLACE");
  });
});

describe("/quotes/:id — a quote opened by its address (the « Devis signé » notification, issue 32)", () => {
  it("opens that quote over the list; closing it goes back to /quotes", async () => {
    const router = signedInRouter(`/quotes/${SIGNED.id}`);
    const view = await screen.findByRole("dialog", { name: /Devis DEV-2026-0031/ });
    expect(within(view).getByText("Toiture Bernard")).toBeTruthy();
    fireEvent.click(within(view).getAllByRole("button", { name: "Fermer" })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/quotes"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("a quote that cannot be read: « Devis introuvable », and back to the list", async () => {
    const router = signedInRouter("/quotes/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(QUOTE_TEXTS.notFound));
    await waitFor(() => expect(router.state.location.pathname).toBe("/quotes"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

/** The quotes' routes as the app declares them, for a signed-in administrator. */
function signedInRouter(at: string) {
  const exp = Math.floor(Date.now() / 1000) + 900;
  localStorage.setItem("token", `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.s`);
  localStorage.setItem("auth_user", JSON.stringify(testAuthUser({ permissions: [...EVERY_PERMISSION] })));
  api.get("/api/auth/verify", verifyResponseSchema, () => never());
  const router = createMemoryRouter(
    [
      { path: "/quotes", element: <QuotesRoute /> },
      { path: "/quotes/new", element: <QuoteNewRoute /> },
      { path: "/quotes/:id", element: <QuotesRoute /> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthProvider>
        <TestPermissions permissions={EVERY_PERMISSION}>
          <RouterProvider router={router} />
        </TestPermissions>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}
