import type { PermissionCode } from "@shared/permissions";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeClient, renderWithProviders } from "../test/render";
import { ClientCard } from "./client-card";

afterEach(cleanup);

function renderCard(client = makeClient(), permissions?: readonly PermissionCode[]) {
  const handlers = { onView: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  renderWithProviders(<ClientCard client={client} {...handlers} />, { permissions });
  return handlers;
}

describe("ClientCard", () => {
  it("shows the essentials folded, the rest behind an accessible toggle", () => {
    renderCard();
    const toggle = screen.getByRole("button", { name: /Jean Dupont/ });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.textContent).toContain("Actif");
    expect(toggle.textContent).toContain("06\u00a012\u00a034\u00a056\u00a078");
    expect(toggle.textContent).toContain("Lyon");
    expect(toggle.textContent).toContain("jean@exemple.fr");
    expect(screen.queryByText("Portail bleu")).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Client depuis novembre 2026")).toBeTruthy();
    expect(screen.getByText("Portail bleu")).toBeTruthy();
    expect(screen.getByText("69001 Lyon")).toBeTruthy();
  });

  it("links to call, write, go there and quote", () => {
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: /Jean Dupont/ }));
    expect(screen.getByRole("link", { name: "Appeler" }).getAttribute("href")).toBe("tel:0612345678");
    expect(screen.getByRole("link", { name: "E-mail" }).getAttribute("href")).toBe("mailto:jean@exemple.fr");
    const go = screen.getByRole("link", { name: /Y aller/ });
    expect(go.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20rue%20de%20la%20Paix%2C%20Lyon",
    );
    expect(go.getAttribute("target")).toBe("_blank");
    expect(go.getAttribute("rel")).toBe("noopener noreferrer");
    expect(screen.getByRole("link", { name: "Nouveau devis" }).getAttribute("href")).toBe(
      "/quotes/new?client_id=8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f",
    );
  });

  it("leaves out what the client lacks and what the user may not do", () => {
    // A Compagnon: sees clients, changes nothing.
    renderCard(makeClient({ phone: null, address: null, notes: null, is_active: false }), ["clients:view"]);
    const toggle = screen.getByRole("button", { name: /Jean Dupont/ });
    expect(toggle.textContent).toContain("Inactif");
    fireEvent.click(toggle);
    expect(screen.queryByRole("link", { name: "Appeler" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Y aller/ })).toBeNull();
    expect(screen.getByRole("link", { name: "E-mail" })).toBeTruthy();
    expect(screen.queryByText("Notes")).toBeNull();
    for (const name of ["Modifier", "Supprimer", "Nouveau devis"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
      expect(screen.queryByRole("link", { name })).toBeNull();
    }
    expect(screen.getByRole("button", { name: "Voir détails" })).toBeTruthy();
  });

  it("hands the client to the view, edit and delete actions", () => {
    const client = makeClient();
    const handlers = renderCard(client);
    fireEvent.click(screen.getByRole("button", { name: /Jean Dupont/ }));
    fireEvent.click(screen.getByRole("button", { name: "Voir détails" }));
    fireEvent.click(screen.getByRole("button", { name: "Modifier" }));
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    expect(handlers.onView).toHaveBeenCalledWith(client);
    expect(handlers.onEdit).toHaveBeenCalledWith(client);
    expect(handlers.onDelete).toHaveBeenCalledWith(client);
  });

  it("renders a name as text, never as markup", () => {
    const { container } = renderWithProviders(
      <ClientCard
        client={makeClient({ name: "<script>alert(1)</script>", notes: "<img src=x onerror=alert(1)>" })}
        onView={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const article = within(container).getByRole("article");
    fireEvent.click(within(article).getByRole("button", { name: /script/ }));
    expect(within(article).getByText("<script>alert(1)</script>")).toBeTruthy();
    expect(within(article).getByText("<img src=x onerror=alert(1)>")).toBeTruthy();
    expect(container.querySelector("script, img")).toBeNull();
  });
});
