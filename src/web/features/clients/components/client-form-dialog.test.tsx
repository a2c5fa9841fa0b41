import { CLIENT_TEXTS } from "@shared/client-rules";
import { clientSchema } from "@shared/clients";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, type FakeApi, fakeApi, installBrowserStubs, makeClient, renderWithProviders } from "../test/render";
import { ClientFormDialog } from "./client-form-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

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
    const created = makeClient({ name: "Atelier Bois", email: null, address: null, notes: null });
    api.post("/api/clients", clientSchema, () => created);
    renderWithProviders(<ClientFormDialog open onOpenChange={onOpenChange} isMobile={false} onSaved={onSaved} />);
    type("Nom *", "  Atelier Bois ");
    type("Téléphone", "06 12 34 56 78");
    type("Ville", "Lyon");
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["POST /api/clients"]);
    expect(api.requests()[0]?.body).toEqual({ name: "Atelier Bois", phone: "06 12 34 56 78", city: "Lyon" });
    expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.created);
    expect(onSaved).toHaveBeenCalledWith(created);
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
    expect((screen.getByLabelText("Nom *") as HTMLInputElement).value).toBe("Jean Dupont");
    const active = screen.getByRole("switch", { name: "Client actif" });
    expect(active.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(active);
    expect(active.getAttribute("aria-checked")).toBe("false");
    type("Notes", "");
    fireEvent.click(screen.getByRole("button", { name: "Mettre à jour" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.updated));
    expect(api.requests().map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/clients/${client.id}`]);
    expect(api.requests()[0]?.body).toEqual({
      name: "Jean Dupont",
      email: "jean@exemple.fr",
      phone: "06 12 34 56 78",
      address: "12 rue de la Paix",
      postal_code: "69001",
      city: "Lyon",
      notes: null,
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
