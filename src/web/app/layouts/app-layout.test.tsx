import { verifyResponseSchema } from "@shared/auth";
import { clientListResponseSchema, clientSchema } from "@shared/clients";
import { quoteDefaultsSchema } from "@shared/quotes";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { QuoteNewRoute } from "@web/app/routes/quote-new-route";
import { AuthProvider } from "@web/features/auth/components/auth-provider";
import { makeClient } from "@web/features/quotes/test/render";
import { testAuthUser } from "@web/test/auth-user";
import { fakeApi, never } from "@web/test/fake-api";
import { EVERY_PERMISSION, installBrowserStubs, testQueryClient } from "@web/test/render";
import { stubViewport } from "@web/test/viewport-stub";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppLayout } from "./app-layout";

// A tablet in portrait (820 px: the mobile shell); `useViewport` reads it once, on the first render of the file.
const viewport = stubViewport(820);
installBrowserStubs();

const storedUser = testAuthUser({ permissions: [...EVERY_PERMISSION] });

const DRAFT_KEY = "propulse:draft:quote:c1:u1:new";
const draft = {
  savedAt: new Date(Date.now() - 60 * 60 * 1000).toISOString(),
  values: {
    name: "Salle de bain Martin",
    client_id: "",
    status: "brouillon",
    date: "2026-11-20",
    valid_until: "2026-12-20",
    notes: "",
    terms: "",
    discount_percentage: "",
    discount_amount: "",
    items: [],
  },
};

const api = fakeApi();

beforeEach(() => {
  api.reset().install();
  localStorage.clear();
  const exp = Math.floor(Date.now() / 1000) + 900;
  localStorage.setItem("token", `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.s`);
  localStorage.setItem("auth_user", JSON.stringify(storedUser));
  api.get("/api/auth/verify", verifyResponseSchema, () => never());
  api.get("/api/clients", clientListResponseSchema, () => ({
    data: [makeClient()],
    meta: { total: 1, page: 1, limit: 20 },
  }));
  api.get("/api/clients/:id", clientSchema, () => makeClient());
  api.get("/api/quotes/defaults", quoteDefaultsSchema, () => ({ validity_days: 30, default_tax_rate: 20 }));
});
afterEach(() => {
  cleanup();
  act(() => viewport.resize(820));
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A page in the signed-in shell, /quotes/new by default (a data router: the page's leave guard needs one). */
function renderNewQuote(at = "/quotes/new") {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: "/", element: <h1>Tableau de bord</h1> },
          { path: "/quotes/new", element: <QuoteNewRoute /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const nameField = () => screen.getByLabelText<HTMLInputElement>("Nom du devis *");
const draftBanner = () => screen.queryByRole("region", { name: "Brouillon sur cet appareil" });

describe("The shell across a layout switch (issue 32: no work lost on rotation or resize)", () => {
  it("keeps the quote being written when a tablet is turned to landscape and back", async () => {
    renderNewQuote();
    const field = await screen.findByLabelText<HTMLInputElement>("Nom du devis *");
    fireEvent.input(field, { target: { value: "Cuisine Dupont" } });
    fireEvent.input(screen.getByLabelText("Date *"), { target: { value: "2026-12-01" } });
    expect(screen.getByRole("navigation", { name: "Navigation principale" })).toBeTruthy(); // the bottom bar

    act(() => viewport.resize(1180)); // landscape: the sidebar layout
    expect(nameField()).toBe(field);
    expect(nameField().value).toBe("Cuisine Dupont");
    expect(screen.getByLabelText<HTMLInputElement>("Date *").value).toBe("2026-12-01");
    expect(await screen.findByRole("complementary", { name: "Barre latérale" })).toBeTruthy();

    act(() => viewport.resize(820)); // portrait again
    expect(nameField().value).toBe("Cuisine Dupont");
    expect(screen.getByLabelText<HTMLInputElement>("Date *").value).toBe("2026-12-01");
  });

  it("keeps a resumed draft resumed: the « Brouillon non enregistré » banner does not come back, the fields stay filled", async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    renderNewQuote();
    const banner = await screen.findByRole("region", { name: "Brouillon sur cet appareil" });
    expect(within(banner).getByText("Brouillon non enregistré")).toBeTruthy();
    fireEvent.click(within(banner).getByRole("button", { name: "Reprendre le brouillon" }));
    expect(nameField().value).toBe("Salle de bain Martin");
    fireEvent.input(nameField(), { target: { value: "Salle de bain Martin — étage" } });

    act(() => viewport.resize(1280)); // a laptop window made wider
    expect(draftBanner()).toBeNull();
    expect(nameField().value).toBe("Salle de bain Martin — étage");

    act(() => viewport.resize(900)); // and narrower again
    expect(draftBanner()).toBeNull();
    expect(nameField().value).toBe("Salle de bain Martin — étage");
  });

  it("keeps the draft banner, as it was, when the width changes before it is answered", async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
    renderNewQuote();
    const banner = await screen.findByRole("region", { name: "Brouillon sur cet appareil" });
    act(() => viewport.resize(1180));
    expect(draftBanner()).toBe(banner);
    expect(within(banner).getByRole("button", { name: "Reprendre le brouillon" })).toBeTruthy();
  });
});

describe("The phone's « Plus » sheet (issue 32)", () => {
  it("is titled for what it holds, Clients and Factures first", async () => {
    renderNewQuote("/");
    await screen.findByRole("heading", { name: "Tableau de bord" });
    fireEvent.click(screen.getByRole("button", { name: "Plus" }));
    const sheet = await screen.findByRole("dialog", { name: "Autres rubriques" });
    const links = within(within(sheet).getByRole("navigation", { name: "Autres rubriques" }))
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links.slice(0, 3)).toEqual(["Clients", "Factures", "À relancer"]);
    expect(links).toContain("Paramètres");
  });
});
