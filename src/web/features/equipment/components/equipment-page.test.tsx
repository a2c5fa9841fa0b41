import {
  type EquipmentTemplate,
  equipmentTemplateListResponseSchema,
  equipmentTemplateSchema,
} from "@shared/equipment-templates";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeTemplate,
  noContent,
  renderWithProviders,
} from "../test/render";
import { EquipmentPage } from "./equipment-page";

let api: FakeApi;

const bathroom = makeTemplate({
  name: "Salle de bain complète",
  equipment_items: ["Perforateur SDS", "Carrelette", "Niveau laser", "Seau de gâchage", "Genouillères"],
});
const paint = makeTemplate({ name: "Peinture intérieure", equipment_items: [] });

/** The templates API over an in-memory list, searched as the server does (name and items). */
function serve(book: EquipmentTemplate[]) {
  api.get("/api/equipment-templates", equipmentTemplateListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const found = book.filter((t) => `${t.name} ${t.equipment_items.join(" ")}`.toLowerCase().includes(search));
    const limit = Number(query.get("limit"));
    return { data: found.slice(0, limit), meta: { total: found.length, page: 1, limit } };
  });
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe("EquipmentPage", () => {
  it("shows each template's count and first three items, « +2 autres équipements », or none", async () => {
    serve([bathroom, paint]);
    renderWithProviders(<EquipmentPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Salle de bain complète" });
    expect(card.textContent).toContain("5\u00a0équipements");
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Perforateur SDS", "Carrelette", "Niveau laser"]);
    expect(card.textContent).toContain("+2\u00a0autres équipements");
    const empty = screen.getByRole("article", { name: "Peinture intérieure" });
    expect(empty.textContent).toContain("Aucun équipement défini");
    expect(empty.textContent).toContain("0\u00a0équipement");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("2\u00a0modèles");
    expect(api.requests("GET", "/api/equipment-templates")[0]?.query.get("limit")).toBe("20");
  });

  it("searches on the server after a pause, and says when nothing matches", async () => {
    serve([bathroom, paint]);
    renderWithProviders(<EquipmentPage isMobile={false} />);
    await screen.findByRole("article", { name: "Salle de bain complète" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Rechercher un modèle" }), {
      target: { value: "tronçonneuse" },
    });
    expect(await screen.findByText("Aucun modèle trouvé", undefined, { timeout: 3000 })).toBeTruthy();
    expect(api.requests("GET", "/api/equipment-templates").at(-1)?.query.get("search")).toBe("tronçonneuse");
    fireEvent.click(screen.getByRole("button", { name: "Effacer la recherche" }));
    expect(await screen.findByRole("article", { name: "Peinture intérieure" })).toBeTruthy();
  });

  it("offers to create the first template on an empty list", async () => {
    serve([]);
    renderWithProviders(<EquipmentPage isMobile={false} />);
    expect(await screen.findByText("Aucun modèle créé")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Créer mon premier modèle" }));
    expect(await screen.findByRole("dialog", { name: "Nouveau modèle" })).toBeTruthy();
  });

  it("creates a template row by row: Enter adds the next row, blanks are dropped, the preview follows", async () => {
    serve([]);
    api.post("/api/equipment-templates", equipmentTemplateSchema, ({ body }) =>
      makeTemplate(body as Pick<EquipmentTemplate, "name" | "equipment_items">),
    );
    renderWithProviders(<EquipmentPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouveau modèle" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau modèle" });
    // One row to start with, and no remove button for it.
    expect(within(dialog).getAllByRole("textbox", { name: /^Équipement \d+$/ })).toHaveLength(1);
    expect(within(dialog).queryByRole("button", { name: /^Retirer/ })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText("Nom du modèle *"), { target: { value: "Plomberie dépannage" } });
    const first = within(dialog).getByRole("textbox", { name: "Équipement 1" });
    fireEvent.change(first, { target: { value: "Clé à molette" } });
    fireEvent.keyDown(first, { key: "Enter" });
    const second = await within(dialog).findByRole("textbox", { name: "Équipement 2" });
    await waitFor(() => expect(document.activeElement).toBe(second));
    fireEvent.change(second, { target: { value: "  Téflon " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter un équipement" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter un équipement" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Équipement 4" }), {
      target: { value: "clé à molette" },
    });
    expect(within(dialog).getByRole("textbox", { name: "Équipement 4" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(dialog.textContent).toContain("Déjà dans la liste\u00a0: il ne sera gardé qu’une fois");

    const preview = within(dialog).getByRole("list", { name: "Aperçu des équipements" });
    expect(
      within(preview)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Clé à molette", "Téflon"]);

    // Moved down, then the blank third row removed.
    fireEvent.click(within(dialog).getByRole("button", { name: "Descendre l’équipement 1" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer l’équipement 3" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le modèle" }));
    await waitFor(() => expect(api.requests("POST", "/api/equipment-templates")).toHaveLength(1));
    expect(api.requests("POST", "/api/equipment-templates")[0]?.body).toEqual({
      name: "Plomberie dépannage",
      equipment_items: ["  Téflon ", "Clé à molette", "clé à molette"],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Modèle créé avec succès"));
  });

  it("refuses a template without a name in the glossary's words, before asking the server", async () => {
    serve([]);
    renderWithProviders(<EquipmentPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Nouveau modèle" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau modèle" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le modèle" }));
    expect(await within(dialog).findByText("Le nom du modèle est obligatoire")).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
  });

  it("duplicates a template into the create form, « (copie) » and no id, and saves it as a new one", async () => {
    serve([bathroom]);
    api.post("/api/equipment-templates", equipmentTemplateSchema, ({ body }) =>
      makeTemplate(body as Pick<EquipmentTemplate, "name" | "equipment_items">),
    );
    renderWithProviders(<EquipmentPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Salle de bain complète" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Salle de bain complète" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Dupliquer" }));
    const dialog = await screen.findByRole("dialog", { name: "Nouveau modèle" });
    expect((within(dialog).getByLabelText("Nom du modèle *") as HTMLInputElement).value).toBe(
      "Salle de bain complète (copie)",
    );
    expect(within(dialog).getAllByRole("textbox", { name: /^Équipement \d+$/ })).toHaveLength(5);
    fireEvent.click(within(dialog).getByRole("button", { name: "Créer le modèle" }));
    await waitFor(() => expect(api.requests("POST", "/api/equipment-templates")).toHaveLength(1));
    expect(api.requests("POST", "/api/equipment-templates")[0]?.body).toEqual({
      name: "Salle de bain complète (copie)",
      equipment_items: bathroom.equipment_items,
    });
    expect(api.requests("PUT")).toHaveLength(0);
  });

  it("edits a template with PUT, and deletes one after the confirmation", async () => {
    serve([bathroom]);
    api.put("/api/equipment-templates/:id", equipmentTemplateSchema, ({ body }) => ({
      ...bathroom,
      ...(body as object),
    }));
    api.delete("/api/equipment-templates/:id", () => noContent());
    renderWithProviders(<EquipmentPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Salle de bain complète" }));
    const dialog = await screen.findByRole("dialog", { name: "Modifier le modèle" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Équipement 5" }), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("PUT", `/api/equipment-templates/${bathroom.id}`)).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Modèle mis à jour avec succès"));

    const card = screen.getByRole("article", { name: "Salle de bain complète" });
    fireEvent.click(within(card).getByRole("button", { name: "Plus d’actions pour Salle de bain complète" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Supprimer" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Supprimer le modèle\u202f?" });
    expect(confirm.textContent).toContain(
      "Êtes-vous sûr de vouloir supprimer le modèle «\u00a0Salle de bain complète\u00a0»\u202f?",
    );
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(api.requests("DELETE", `/api/equipment-templates/${bathroom.id}`)).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Modèle supprimé avec succès"));
  });

  it("only shows the templates to a compagnon: no creation, no « … » menu, the list read in full", async () => {
    serve([bathroom]);
    renderWithProviders(<EquipmentPage isMobile={false} />, { permissions: ["equipment:view"] });
    fireEvent.click(await screen.findByRole("button", { name: "Salle de bain complète" }));
    expect(screen.queryByRole("button", { name: "Nouveau modèle" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Plus d’actions/ })).toBeNull();
    const dialog = await screen.findByRole("dialog", { name: "Salle de bain complète" });
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(5);
    expect(within(dialog).queryByRole("textbox")).toBeNull();
  });
});
