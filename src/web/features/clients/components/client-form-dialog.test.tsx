import { CLIENT_TEXTS } from "@shared/client-rules";
import { clientDetailSchema, clientSchema } from "@shared/clients";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { MESSAGES } from "@shared/errors";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { spaced } from "@web/test/text";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeBusiness,
  makeClient,
  renderWithProviders,
} from "../test/render";
import { ClientFormDialog } from "./client-form-dialog";

const toast = vi.mocked(appToast, true);

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toast.success.mockReset();
  toast.error.mockReset();
});

/** A text as Testing Library reads the page: its no-break spaces as spaces. */

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe("ClientFormDialog — creation", () => {
  it("has the spec's fields and buttons, and no 'Client actif' switch", () => {
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile={false} />);
    expect(screen.getByRole("dialog", { name: "Nouveau client" })).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("type")).toBe("email");
    expect(screen.getByLabelText("Téléphone").getAttribute("type")).toBe("tel");
    const notes = screen.getByLabelText("Notes");
    expect(notes.tagName).toBe("TEXTAREA");
    expect(notes.getAttribute("rows")).toBe("4");
    expect(notes.getAttribute("placeholder")).toBe("Notes ou commentaires sur ce client…");
    for (const label of ["Nom *", "Adresse", "Code postal", "Ville"]) expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.queryByRole("switch")).toBeNull();
    expect(screen.getByRole("button", { name: "Annuler" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Créer le client" })).toBeTruthy();
  });

  it("shows the form wordings under the fields, the contact rule on the e-mail", async () => {
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText(CLIENT_TEXTS.nameRequiredForm)).toBeTruthy();
    const name = screen.getByLabelText("Nom *");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      CLIENT_TEXTS.nameRequiredForm,
    );
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      CLIENT_TEXTS.contactRequiredForm,
    );

    type("E-mail", "pas-un-mail");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText(CLIENT_TEXTS.emailInvalid)).toBeTruthy();
    expect(api.requests()).toEqual([]);
  });

  it("sends the trimmed values without the empty ones, toasts and closes", async () => {
    const onOpenChange = vi.fn();
    const onSaved = vi.fn();
    const created = makeClient({ name: "Atelier Bois", first_name: null, last_name: "Atelier Bois", email: null });
    api.post("/api/clients", clientSchema, () => created);
    renderWithProviders(<ClientFormDialog open onOpenChange={onOpenChange} isMobile={false} onSaved={onSaved} />);
    // A new client is an individual until said otherwise.
    expect(screen.getByRole("radio", { name: "Particulier" }).getAttribute("aria-checked")).toBe("true");
    type("Nom *", "  Atelier Bois ");
    type("Téléphone", "06 12 34 56 78");
    type("Ville", "Lyon");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/clients"]);
    expect(api.requests()[0]?.body).toEqual({
      type: "particulier",
      name: "Atelier Bois",
      last_name: "Atelier Bois",
      phone: "06 12 34 56 78",
      city: "Lyon",
    });
    expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.created);
    expect(onSaved).toHaveBeenCalledWith(created);
  });

  it("shows civility, first and last name for an individual, and the name it makes", async () => {
    api.post("/api/clients", clientSchema, () => makeClient());
    const onOpenChange = vi.fn();
    renderWithProviders(<ClientFormDialog open onOpenChange={onOpenChange} isMobile={false} />);
    fireEvent.change(screen.getByLabelText("Civilité"), { target: { value: "Mme" } });
    type("Prénom", "Claire");
    type("Nom *", "Martin");
    expect(screen.getByText("Nom affiché : Mme Claire Martin")).toBeTruthy();
    expect(screen.queryByLabelText("Raison sociale *")).toBeNull();
    expect(screen.queryByRole("group", { name: "Contacts" })).toBeNull();
    type("E-mail", "claire@exemple.fr");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests()[0]?.body).toEqual({
      type: "particulier",
      name: "Mme Claire Martin",
      civility: "Mme",
      first_name: "Claire",
      last_name: "Martin",
      email: "claire@exemple.fr",
    });
  });

  it("puts the server's validation details on the matching fields", async () => {
    api.post("/api/clients", clientSchema, () =>
      apiError(400, "Numéro de téléphone invalide", {
        details: [{ path: "phone", message: "Numéro de téléphone invalide (serveur)" }],
      }),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(<ClientFormDialog open onOpenChange={onOpenChange} isMobile={false} />);
    type("Nom *", "Atelier Bois");
    type("Téléphone", "0612345678");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText("Numéro de téléphone invalide (serveur)")).toBeTruthy();
    expect(screen.getByLabelText("Téléphone").getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).toHaveBeenCalledWith(CLIENT_TEXTS.createFailed, {
      description: "Numéro de téléphone invalide",
    });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe("ClientFormDialog — edition", () => {
  it("starts from the client, has the switch, and sends the whole client with is_active", async () => {
    const client = makeClient();
    api.put("/api/clients/:id", clientSchema, () => ({ ...client, is_active: false }));
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile client={client} />);
    expect(screen.getByRole("dialog", { name: "Modifier le client" })).toBeTruthy();
    expect((screen.getByLabelText("Prénom") as HTMLInputElement).value).toBe("Jean");
    expect((screen.getByLabelText("Nom *") as HTMLInputElement).value).toBe("Dupont");
    const active = screen.getByRole("switch", { name: "Client actif" });
    expect(active.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(active);
    expect(active.getAttribute("aria-checked")).toBe("false");
    type("Notes", "");
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.updated));
    expect(api.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/clients/${client.id}`]);
    expect(api.requests()[0]?.body).toEqual({
      type: "particulier",
      name: "Jean Dupont",
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
      notes: null,
      contacts: [],
      addresses: [],
      is_active: false,
    });
  });

  it("reads 'En cours...' while the server answers", async () => {
    let answer: () => void = () => {};
    api.put(
      "/api/clients/:id",
      clientSchema,
      () =>
        new Promise((resolve) => {
          answer = () => resolve(apiError(500, "Une erreur interne est survenue. Veuillez réessayer plus tard."));
        }),
    );
    const client = makeClient();
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile={false} client={client} />);
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));
    expect(await screen.findByRole("button", { name: "En cours…" })).toHaveProperty("disabled", true);
    answer();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(CLIENT_TEXTS.updateFailed, {
        description: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
      }),
    );
    expect(screen.getByRole("button", { name: "Mettre à jour" })).toBeTruthy();
  });
});

describe("ClientFormDialog — saved by someone else meanwhile (ADR 0024)", () => {
  it("sends the version it was opened with; refused as stale, keeps what was typed until « Recharger » brings the stored client", async () => {
    const client = makeClient({ notes: null, updated_at: "2026-11-22T12:00:00.000Z" });
    // A colleague added a note and saved after this form was opened.
    const stored = { ...client, notes: "Portail bleu, sonner deux fois", updated_at: "2026-11-22T12:05:00.000Z" };
    api.put("/api/clients/:id", clientSchema, () => apiError(409, MESSAGES.staleVersion, { code: "STALE_VERSION" }));
    api.get("/api/clients/:id", clientDetailSchema, () => ({ ...stored, projects: [], quotes: [] }));
    const onSaved = vi.fn();
    renderWithProviders(
      <ClientFormDialog open onOpenChange={() => {}} isMobile={false} client={client} onSaved={onSaved} />,
    );
    type("Ville", "Villeurbanne");
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));

    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain(MESSAGES.staleVersion);
    expect(within(notice).getByRole("button", { name: "Recharger" })).toBeTruthy();
    expect(api.requests("PUT")[0]?.headers.get("If-Match")).toBe('"2026-11-22T12:00:00.000Z"');
    // Nothing lost yet: the typed city stays, no failure toast, the dialog open.
    expect((screen.getByLabelText("Ville") as HTMLInputElement).value).toBe("Villeurbanne");
    expect(toast.error).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(within(notice).getByRole("button", { name: "Recharger" }));
    await waitFor(() => expect((screen.getByLabelText("Notes") as HTMLTextAreaElement).value).toBe(stored.notes));
    expect((screen.getByLabelText("Ville") as HTMLInputElement).value).toBe("Lyon");
    expect(screen.queryByRole("alert")).toBeNull();

    // Saved again: on the version just reloaded.
    api.put("/api/clients/:id", clientSchema, () => ({ ...stored, updated_at: "2026-11-22T12:06:00.000Z" }));
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.requests("PUT")[1]?.headers.get("If-Match")).toBe('"2026-11-22T12:05:00.000Z"');
    expect(api.requests("PUT")[1]?.body).toMatchObject({ notes: stored.notes });
  });
});

describe("ClientFormDialog — type (Particulier / Professionnel)", () => {
  it("words a wrong SIREN, a SIRET whose SIREN is wrong and a wrong VAT key as electronic invoicing does", async () => {
    renderWithProviders(<ClientFormDialog open onOpenChange={vi.fn()} isMobile={false} />);
    fireEvent.click(screen.getByRole("radio", { name: "Professionnel" }));
    type("Raison sociale *", "SCI Les Terrasses");
    type("E-mail", "gestion@sci-terrasses.fr");
    const create = () => fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));

    type("SIRET", "303 265 046");
    type("N° de TVA intracommunautaire", "FR41303265045");
    create();
    expect(await screen.findByText(spaced(EINVOICE_TEXTS.sirenKey))).toBeTruthy();
    expect(screen.getByText(spaced(EINVOICE_TEXTS.vatKey))).toBeTruthy();
    // The whole number's key is right, its SIREN's (303 265 046) is not.
    type("SIRET", "30326504600019");
    type("N° de TVA intracommunautaire", "FR4030326504");
    create();
    expect(await screen.findByText(spaced(EINVOICE_TEXTS.siretKey))).toBeTruthy();
    expect(screen.getByText(spaced(EINVOICE_TEXTS.vatFormat))).toBeTruthy();
    // Right on their own, but the VAT number holds another SIREN.
    type("SIRET", "303 265 045 00011");
    type("N° de TVA intracommunautaire", "FR19812345676");
    create();
    expect(await screen.findByText(spaced(CLIENT_TEXTS.vatSirenMismatch))).toBeTruthy();
    expect(api.requests("POST", "/api/clients")).toHaveLength(0);
  });

  it("switches to a business: raison sociale, SIRET checked by its key, VAT computed from the SIREN, contacts", async () => {
    const onOpenChange = vi.fn();
    api.post("/api/clients", clientSchema, () => makeBusiness());
    renderWithProviders(<ClientFormDialog open onOpenChange={onOpenChange} isMobile={false} />);
    type("Nom *", "Dupont");
    fireEvent.click(screen.getByRole("radio", { name: "Professionnel" }));
    expect(screen.getByRole("radio", { name: "Professionnel" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.queryByLabelText("Nom *")).toBeNull();
    expect(screen.queryByLabelText("Civilité")).toBeNull();
    type("Raison sociale *", "SCI Les Terrasses");
    expect(screen.getByText("Nom affiché : SCI Les Terrasses")).toBeTruthy();

    // A wrong key is refused in the form's words; the VAT button waits for a right SIRET.
    const compute = screen.getByRole("button", { name: "Calculer le numéro de TVA à partir du SIREN" });
    type("SIRET", "303 265 045 00012");
    expect(compute).toHaveProperty("disabled", true);
    type("E-mail", "gestion@sci-terrasses.fr");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText(spaced(CLIENT_TEXTS.siretKey))).toBeTruthy();
    type("SIRET", "303 265 045 00011");
    await waitFor(() => expect(screen.queryByText(spaced(CLIENT_TEXTS.siretKey))).toBeNull());
    expect(compute).toHaveProperty("disabled", false);
    fireEvent.click(compute);
    expect((screen.getByLabelText("N° de TVA intracommunautaire") as HTMLInputElement).value).toBe("FR40303265045");

    fireEvent.click(screen.getByRole("button", { name: "Ajouter un contact" }));
    const contact = screen.getByRole("group", { name: "Contact 1" });
    fireEvent.input(within(contact).getByLabelText("Nom *"), { target: { value: "Bruno Baptiste" } });
    fireEvent.input(within(contact).getByLabelText("Fonction"), { target: { value: "Gérant" } });
    fireEvent.input(within(contact).getByLabelText("Téléphone"), { target: { value: "06 11 22 33 44" } });
    fireEvent.click(screen.getByRole("button", { name: "Ajouter un contact" }));
    fireEvent.click(screen.getByRole("button", { name: "Retirer le contact 2" }));
    expect(screen.queryByRole("group", { name: "Contact 2" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Ajouter une adresse" }));
    const site = screen.getByRole("group", { name: "Adresse de chantier 1" });
    fireEvent.input(within(site).getByLabelText("Libellé"), { target: { value: "Bâtiment B" } });
    fireEvent.input(within(site).getByLabelText("Adresse *"), { target: { value: "29 quai Perrache" } });
    fireEvent.input(within(site).getByLabelText("Ville"), { target: { value: "Lyon" } });

    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests("POST", "/api/clients")[0]?.body).toEqual({
      type: "professionnel",
      name: "SCI Les Terrasses",
      company_name: "SCI Les Terrasses",
      siret: "30326504500011",
      vat_number: "FR40303265045",
      email: "gestion@sci-terrasses.fr",
      contacts: [{ name: "Bruno Baptiste", role: "Gérant", phone: "06 11 22 33 44", email: null }],
      addresses: [{ label: "Bâtiment B", address: "29 quai Perrache", postal_code: null, city: "Lyon" }],
    });
  });

  it("asks for the raison sociale and a contact's name, in the form's words", async () => {
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile />);
    fireEvent.click(screen.getByRole("radio", { name: "Professionnel" }));
    type("Téléphone", "04 72 00 00 00");
    fireEvent.click(screen.getByRole("button", { name: "Ajouter un contact" }));
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect(await screen.findByText(CLIENT_TEXTS.companyNameRequired)).toBeTruthy();
    expect(screen.getByText(CLIENT_TEXTS.contactNameRequired)).toBeTruthy();
    expect(api.requests()).toEqual([]);
  });

  it("edits a business: its contacts and addresses keep their ids; turned into an individual, it says what goes", async () => {
    const business = makeBusiness();
    api.put("/api/clients/:id", clientSchema, () => business);
    renderWithProviders(<ClientFormDialog open onOpenChange={() => {}} isMobile={false} client={business} />);
    expect((screen.getByLabelText("Raison sociale *") as HTMLInputElement).value).toBe("SCI Les Terrasses");
    expect((screen.getByLabelText("SIRET") as HTMLInputElement).value).toBe("30326504500011");
    const contact = screen.getByRole("group", { name: "Contact 1" });
    expect((within(contact).getByLabelText("Nom *") as HTMLInputElement).value).toBe("Bruno Baptiste");
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.updated));
    const body = api.requests("PUT", "/api/clients/:id")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: "professionnel",
      name: "SCI Les Terrasses",
      civility: null,
      last_name: null,
      siret: "30326504500011",
      vat_number: "FR40303265045",
      contacts: [{ id: business.contacts[0]?.id, name: "Bruno Baptiste", role: "Gérant" }],
      addresses: [{ id: business.addresses[0]?.id, label: "Bâtiment B", address: "29 quai Perrache" }],
    });

    fireEvent.click(screen.getByRole("radio", { name: "Particulier" }));
    expect(
      screen.getByText("Un particulier n’a ni SIRET, ni numéro de TVA, ni contacts : ils ne seront pas gardés."),
    ).toBeTruthy();
  });
});

/** A list page in small: the button that opens the form dialog. */
function Opener({ isMobile = false }: { isMobile?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Nouveau client
      </button>
      <ClientFormDialog open={open} onOpenChange={setOpen} isMobile={isMobile} />
    </>
  );
}

describe("ClientFormDialog — closing", () => {
  it("closes at once with nothing typed, and gives the focus back to the button that opened it", async () => {
    renderWithProviders(<Opener />);
    const opener = screen.getByRole("button", { name: "Nouveau client" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Nouveau client" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it.each([
    ["Escape", false],
    ["✕ on the phone's sheet", true],
    ["« Annuler »", false],
  ])(
    "asks before dropping typed input (%s): « Continuer la saisie » keeps it, « Abandonner » closes",
    async (how, isMobile) => {
      renderWithProviders(<Opener isMobile={isMobile} />);
      fireEvent.click(screen.getByRole("button", { name: "Nouveau client" }));
      const dialog = await screen.findByRole("dialog", { name: "Nouveau client" });
      type("Nom *", "Famille Roux");
      const close = () => {
        if (how === "Escape") fireEvent.keyDown(dialog, { key: "Escape" });
        else if (how === "«\u00a0Annuler\u00a0»")
          fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
        else fireEvent.click(within(dialog).getByRole("button", { name: "Fermer" }));
      };
      close();
      const ask = await screen.findByRole("alertdialog", { name: "Abandonner les modifications\u202f?" });
      fireEvent.click(within(ask).getByRole("button", { name: "Continuer la saisie" }));
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
      expect((screen.getByLabelText("Nom *") as HTMLInputElement).value).toBe("Famille Roux");

      close();
      fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Abandonner" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(api.requests()).toEqual([]);
    },
  );
});
