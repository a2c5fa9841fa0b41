import { addDays, parisToday } from "@shared/dates";
import {
  type Vehicle,
  vehicleAttention,
  vehicleListResponseSchema,
  vehicleSchema,
  vehicleSummarySchema,
} from "@shared/vehicles";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { never } from "@web/test/fake-api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeVehicle,
  noContent,
  renderWithProviders,
} from "../test/render";
import { VehiclesPage } from "./vehicles-page";

let api: FakeApi;
const today = parisToday();

const master = makeVehicle({
  name: "Master benne",
  registration_number: "FH-482-KT",
  brand: "Renault",
  model: "Master",
  status: "in_use",
  mileage: 148300,
  next_inspection_date: addDays(today, 7),
  next_service_date: addDays(today, 90),
});
const partner = makeVehicle({
  name: "Partner atelier",
  registration_number: "GD-917-LM",
  brand: "Peugeot",
  model: "Partner",
  status: "maintenance",
  mileage: null,
  insurance_expiry_date: addDays(today, 200),
});

/** The vehicles API over an in-memory fleet, filtered as the server does. */
function serve(fleet: Vehicle[]) {
  api.get("/api/vehicles", vehicleListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const status = query.get("status");
    const found = fleet.filter(
      (v) =>
        `${v.name} ${v.registration_number ?? ""} ${v.brand ?? ""} ${v.model ?? ""}`.toLowerCase().includes(search) &&
        (!status || v.status === status) &&
        (query.get("needs_attention") !== "true" || vehicleAttention(v, today).length > 0),
    );
    const limit = Number(query.get("limit"));
    return { data: found.slice(0, limit), meta: { total: found.length, page: 1, limit } };
  });
  api.get("/api/vehicles/summary", vehicleSummarySchema, () => ({
    total: fleet.length,
    by_status: {
      available: fleet.filter((v) => v.status === "available").length,
      maintenance: fleet.filter((v) => v.status === "maintenance").length,
      in_use: fleet.filter((v) => v.status === "in_use").length,
    },
    needs_attention: fleet.filter((v) => vehicleAttention(v, today).length > 0).length,
  }));
}

async function openMenu(name: string, item: string) {
  const card = await screen.findByRole("article", { name });
  fireEvent.click(within(card).getByRole("button", { name: `Plus d’actions pour ${name}` }));
  fireEvent.click(await screen.findByRole("menuitem", { name: item }));
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(cleanup);

describe("VehiclesPage", () => {
  it("shows each vehicle's plate, make, status and what needs attention, 50 a page", async () => {
    serve([master, partner]);
    renderWithProviders(<VehiclesPage isMobile={false} />);
    const card = await screen.findByRole("article", { name: "Master benne" });
    expect(card.textContent).toContain("FH-482-KT");
    expect(card.textContent).toContain("Renault Master");
    expect(card.textContent).toContain("En utilisation");
    expect(card.textContent).toContain("148\u202f300\u00a0km");
    const watch = within(card).getByRole("list", { name: "À surveiller pour Master benne" });
    expect(watch.textContent).toContain(vehicleAttention(master, today)[0]?.text ?? "?");
    expect(watch.textContent).toMatch(/Contrôle technique le \d{2}\/\d{2}\/\d{4}/);
    const calm = screen.getByRole("article", { name: "Partner atelier" });
    expect(calm.textContent).toContain("En maintenance");
    expect(calm.textContent).toMatch(/Prochaine échéance le \d{2}\/\d{2}\/\d{4}/);
    expect(within(calm).queryByRole("list")).toBeNull();

    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("2\u00a0véhicules");
    expect(api.requests("GET", "/api/vehicles")[0]?.query.get("limit")).toBe("50");
    expect(await screen.findByRole("button", { name: /1\u00a0véhicule à surveiller/ })).toBeTruthy();
  });

  it("filters by status and « à surveiller » on the server; searches after a pause", async () => {
    serve([master, partner]);
    renderWithProviders(<VehiclesPage isMobile={false} />);
    await screen.findByRole("article", { name: "Master benne" });
    const filters = screen.getByRole("radiogroup", { name: "Filtrer par statut" });
    expect(
      within(filters)
        .getAllByRole("radio")
        .map((r) => r.textContent),
    ).toEqual(["Tous", "Disponible", "En maintenance", "En utilisation", "À surveiller"]);
    fireEvent.click(within(filters).getByRole("radio", { name: "En maintenance" }));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Master benne" })).toBeNull());
    expect(api.requests("GET", "/api/vehicles").at(-1)?.query.get("status")).toBe("maintenance");

    fireEvent.click(within(filters).getByRole("radio", { name: "À surveiller" }));
    expect(await screen.findByRole("article", { name: "Master benne" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("article", { name: "Partner atelier" })).toBeNull());
    const asked = api.requests("GET", "/api/vehicles").at(-1)?.query;
    expect([asked?.get("needs_attention"), asked?.get("status")]).toEqual(["true", null]);

    fireEvent.change(screen.getByRole("searchbox", { name: /Rechercher un véhicule/ }), {
      target: { value: "kangoo" },
    });
    expect(await screen.findByText("Aucun véhicule trouvé", undefined, { timeout: 3000 })).toBeTruthy();
    expect(document.body.textContent).toContain("Aucun véhicule ne correspond à «\u00a0kangoo\u00a0».");
    expect(api.requests("GET", "/api/vehicles").at(-1)?.query.get("search")).toBe("kangoo");
    fireEvent.click(screen.getByRole("button", { name: "Effacer les filtres" }));
    expect(await screen.findByRole("article", { name: "Partner atelier" })).toBeTruthy();
  });

  it("shows 8 skeleton cards while loading, the spec's empty state, and the load failure with « Réessayer »", async () => {
    api.get("/api/vehicles", vehicleListResponseSchema, () => never());
    api.get("/api/vehicles/summary", vehicleSummarySchema, () => never());
    const loading = renderWithProviders(<VehiclesPage isMobile={false} />);
    const skeletons = await screen.findByRole("status", { name: "Chargement des véhicules…" });
    expect(skeletons.children).toHaveLength(8);
    loading.unmount();

    serve([]);
    const empty = renderWithProviders(<VehiclesPage isMobile={false} />);
    expect(await screen.findByText("Aucun véhicule trouvé")).toBeTruthy();
    expect(screen.getByText("Commencez par ajouter votre premier véhicule à la flotte.")).toBeTruthy();
    empty.unmount();

    api.get("/api/vehicles", vehicleListResponseSchema, () => apiError(500, "Base de données indisponible"));
    renderWithProviders(<VehiclesPage isMobile={false} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Erreur lors du chargement des véhicules");
    expect(alert.textContent).toContain("Base de données indisponible");
    expect(within(alert).getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });

  it("adds a vehicle: submit waits for a name, the plate is upper-cased as typed and checked, the spec's toast", async () => {
    serve([]);
    api.post("/api/vehicles", vehicleSchema, ({ body }) => makeVehicle(body as Partial<Vehicle>));
    renderWithProviders(<VehiclesPage isMobile={false} />);
    fireEvent.click((await screen.findAllByRole("button", { name: "Ajouter un véhicule" }))[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Ajouter un véhicule" });
    const submit = within(dialog).getByRole("button", { name: "Ajouter le véhicule" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Nom du véhicule *"), { target: { value: "  " } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Nom du véhicule *"), { target: { value: "Kangoo dépannage" } });
    expect(submit.disabled).toBe(false);

    const plate = within(dialog).getByLabelText("Plaque d’immatriculation") as HTMLInputElement;
    fireEvent.change(plate, { target: { value: "f" } });
    expect(plate.value).toBe("F");
    fireEvent.click(submit);
    expect(await within(dialog).findByText("La plaque doit contenir au moins 2 caractères")).toBeTruthy();
    expect(api.requests("POST")).toHaveLength(0);
    // The error clears as the field is edited.
    fireEvent.change(plate, { target: { value: "fs-628-nc" } });
    expect(plate.value).toBe("FS-628-NC");
    await waitFor(() => expect(within(dialog).queryByText("La plaque doit contenir au moins 2 caractères")).toBeNull());

    fireEvent.change(within(dialog).getByLabelText("Marque"), { target: { value: "Renault" } });
    fireEvent.change(within(dialog).getByLabelText("Kilométrage (km)"), { target: { value: "112 900" } });
    fireEvent.change(within(dialog).getByLabelText("Statut"), { target: { value: "maintenance" } });
    fireEvent.change(within(dialog).getByLabelText("Prochain contrôle technique"), { target: { value: "2027-03-01" } });
    fireEvent.click(submit);
    await waitFor(() => expect(api.requests("POST", "/api/vehicles")).toHaveLength(1));
    expect(api.requests("POST", "/api/vehicles")[0]?.body).toEqual({
      name: "Kangoo dépannage",
      registration_number: "FS-628-NC",
      brand: "Renault",
      model: null,
      status: "maintenance",
      mileage: 112900,
      next_service_date: null,
      next_inspection_date: "2027-03-01",
      insurance_expiry_date: null,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Véhicule créé", {
        description: "Le véhicule a été ajouté avec succès.",
      }),
    );
  });

  it("says a plate already used at the plate field (409)", async () => {
    serve([master]);
    api.post("/api/vehicles", vehicleSchema, () =>
      apiError(409, "Un autre véhicule de l'entreprise porte déjà la plaque FH-482-KT."),
    );
    renderWithProviders(<VehiclesPage isMobile={false} />);
    fireEvent.click(await screen.findByRole("button", { name: "Ajouter un véhicule" }));
    const dialog = await screen.findByRole("dialog", { name: "Ajouter un véhicule" });
    fireEvent.change(within(dialog).getByLabelText("Nom du véhicule *"), { target: { value: "Doublon" } });
    fireEvent.change(within(dialog).getByLabelText("Plaque d’immatriculation"), { target: { value: "fh-482-kt" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ajouter le véhicule" }));
    const plate = within(dialog).getByLabelText("Plaque d’immatriculation");
    await waitFor(() => expect(plate.getAttribute("aria-invalid")).toBe("true"));
    expect(dialog.textContent).toContain("porte déjà la plaque FH-482-KT");
  });

  it("plans the maintenance: the edit form opens on the dates, « Prochain entretien » focused, saved with PUT", async () => {
    serve([master]);
    api.put("/api/vehicles/:id", vehicleSchema, ({ body }) => ({ ...master, ...(body as object) }));
    renderWithProviders(<VehiclesPage isMobile={false} />);
    await openMenu("Master benne", "Planifier l’entretien");
    const dialog = await screen.findByRole("dialog", { name: "Modifier le véhicule" });
    const service = within(dialog).getByLabelText("Prochain entretien") as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(service));
    // The first field of the dates section.
    expect(within(dialog).getByRole("group", { name: "Entretien et échéances" }).querySelector("input")).toBe(service);
    fireEvent.change(service, { target: { value: "2027-01-15" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(api.requests("PUT", `/api/vehicles/${master.id}`)).toHaveLength(1));
    expect(api.requests("PUT")[0]?.body).toMatchObject({
      name: "Master benne",
      registration_number: "FH-482-KT",
      next_service_date: "2027-01-15",
      next_inspection_date: master.next_inspection_date,
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Véhicule modifié", {
        description: "Les modifications ont été enregistrées.",
      }),
    );
  });

  it("shows every field in « Voir les détails »", async () => {
    serve([master]);
    renderWithProviders(<VehiclesPage isMobile={false} />);
    await openMenu("Master benne", "Voir les détails");
    const details = await screen.findByRole("dialog", { name: "Master benne" });
    for (const text of [
      "En utilisation",
      "FH-482-KT",
      "Renault",
      "Master",
      "148\u202f300\u00a0km",
      "Prochain entretien",
    ]) {
      expect(details.textContent).toContain(text);
    }
    // The footer's « Fermer » (the ✕ in the corner says it too).
    fireEvent.click(within(details).getAllByRole("button", { name: "Fermer" })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Master benne" })).toBeNull());
  });

  it("deletes after the spec's confirmation", async () => {
    serve([master]);
    api.delete("/api/vehicles/:id", () => noContent());
    renderWithProviders(<VehiclesPage isMobile={false} />);
    await openMenu("Master benne", "Supprimer");
    const confirm = await screen.findByRole("alertdialog", { name: "Supprimer le véhicule" });
    expect(confirm.textContent).toContain(
      "Êtes-vous sûr de vouloir supprimer le véhicule «\u00a0Master benne\u00a0»\u202f? Cette action ne peut pas être annulée.",
    );
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(api.requests("DELETE", `/api/vehicles/${master.id}`)).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Véhicule supprimé"));
  });

  it("says why a deletion failed under « Erreur »", async () => {
    serve([master]);
    api.delete("/api/vehicles/:id", () =>
      apiError(409, "Ce véhicule est affecté à un chantier\u00a0: retirez-le de ce chantier."),
    );
    renderWithProviders(<VehiclesPage isMobile={false} />);
    await openMenu("Master benne", "Supprimer");
    const confirm = await screen.findByRole("alertdialog", { name: "Supprimer le véhicule" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur", {
        description: "Ce véhicule est affecté à un chantier\u00a0: retirez-le de ce chantier.",
      }),
    );
  });

  it("lets a compagnon read the fleet only: no « Ajouter », the menu holds « Voir les détails »", async () => {
    serve([master]);
    renderWithProviders(<VehiclesPage isMobile={false} />, { permissions: ["vehicles:view"] });
    await openMenu("Master benne", "Voir les détails");
    expect(screen.queryByRole("menuitem", { name: "Modifier" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Supprimer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Ajouter un véhicule" })).toBeNull();
    const details = await screen.findByRole("dialog", { name: "Master benne" });
    expect(within(details).queryByRole("button", { name: "Modifier" })).toBeNull();
  });
});
