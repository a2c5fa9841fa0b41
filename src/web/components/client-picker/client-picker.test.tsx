import { type Client, clientListResponseSchema, clientSchema } from "@shared/clients";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { apiError, fakeApi, never } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLIENT_PICKER_LIMIT } from "./client-options";
import { ClientPicker, type ClientPickerProps } from "./client-picker";

let sequence = 0;
function client(overrides: Partial<Client> = {}): Client {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`,
    name: `Client ${sequence}`,
    email: null,
    phone: "0601020304",
    address: null,
    postal_code: null,
    city: null,
    notes: null,
    is_active: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const martin = client({ name: "Famille Martin", city: "Lyon" });
const dupont = client({ name: "Jean Dupont" });
const ancien = client({ name: "Ancien Martin", is_active: false });
const book = [martin, dupont, ancien];

let api: ReturnType<typeof fakeApi>;

/** The server's search: name contains the term, active only on request, 20 at most. */
function serveBook() {
  api.get("/api/clients", clientListResponseSchema, ({ query }) => {
    const term = (query.get("search") ?? "").toLowerCase();
    const found = book.filter(
      (c) => c.name.toLowerCase().includes(term) && (query.get("status") !== "active" || c.is_active),
    );
    return { data: found, meta: { total: found.length, page: 1, limit: Number(query.get("limit")) } };
  });
  api.get(
    "/api/clients/:id",
    clientSchema,
    ({ params }) => book.find((c) => c.id === params.id) ?? apiError(404, "Client introuvable"),
  );
}

function Harness(props: Partial<ClientPickerProps> & { initial?: string }) {
  const [value, setValue] = useState<string | undefined>(props.initial);
  return (
    <>
      <label htmlFor="picker">Client</label>
      <ClientPicker id="picker" {...props} value={value} onChange={(id) => setValue(id)} />
      <output data-testid="value">{value ?? "aucun"}</output>
    </>
  );
}

const input = () => screen.getByRole("combobox", { name: "Client" });
const chosen = () => screen.getByTestId("value").textContent;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  serveBook();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ClientPicker", () => {
  it("searches the whole book on the server as one types, and chooses by keyboard", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    expect(input().getAttribute("aria-expanded")).toBe("true");
    expect(await screen.findByRole("option", { name: /Famille Martin/ })).toBeTruthy();
    expect(api.requests("GET", "/api/clients")[0]?.query.get("limit")).toBe(String(CLIENT_PICKER_LIMIT));

    fireEvent.change(input(), { target: { value: "dup" } });
    await waitFor(() => expect(api.requests("GET", "/api/clients").at(-1)?.query.get("search")).toBe("dup"));
    await waitFor(() => expect(screen.queryByRole("option", { name: /Famille Martin/ })).toBeNull());
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    fireEvent.keyDown(input(), { key: "ArrowUp" });
    expect(input().getAttribute("aria-activedescendant")).toBe(screen.getByRole("option", { name: /Jean Dupont/ }).id);
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(chosen()).toBe(dupont.id);
    expect(input().getAttribute("aria-expanded")).toBe("false");
    expect((input() as HTMLInputElement).value).toBe("Jean Dupont");
  });

  it("chooses nothing on Enter while the typed text is not searched yet (the list still shows the previous answer)", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    await screen.findByRole("option", { name: /Famille Martin/ });
    fireEvent.change(input(), { target: { value: "dup" } });
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(chosen()).toBe("aucun");
    await waitFor(() => expect(screen.queryByRole("option", { name: /Famille Martin/ })).toBeNull());
    fireEvent.keyDown(input(), { key: "Enter" });
    expect(chosen()).toBe(dupont.id);
  });

  it("marks inactive clients, and offers only active ones when asked", async () => {
    const { unmount } = renderWithProviders(<Harness />);
    fireEvent.click(input());
    expect(await screen.findByRole("option", { name: "Ancien Martin (inactif)" })).toBeTruthy();
    unmount();
    renderWithProviders(<Harness activeOnly />);
    fireEvent.click(input());
    await screen.findByRole("option", { name: /Famille Martin/ });
    expect(screen.queryByRole("option", { name: /Ancien Martin/ })).toBeNull();
    expect(api.requests("GET", "/api/clients").at(-1)?.query.get("status")).toBe("active");
  });

  it("shows the name of a client chosen before, asked by its id", async () => {
    renderWithProviders(<Harness initial={martin.id} allowClear />);
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe("Famille Martin"));
    expect(api.requests("GET", "/api/clients/:id")[0]?.params.id).toBe(martin.id);
    fireEvent.click(screen.getByRole("button", { name: "Effacer le client" }));
    expect(chosen()).toBe("aucun");
  });

  it("says when nothing matches", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    fireEvent.change(input(), { target: { value: "zzz" } });
    expect(await screen.findByText("Aucun client trouvé")).toBeTruthy();
  });

  it("says when the search failed and tries again on « Réessayer »", async () => {
    api.get("/api/clients", clientListResponseSchema, () => apiError(500, "Une erreur interne est survenue."));
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    expect(await screen.findByText("Impossible de charger les clients.")).toBeTruthy();
    serveBook();
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(await screen.findByRole("option", { name: /Famille Martin/ })).toBeTruthy();
  });

  it("shows the search in progress", async () => {
    api.get("/api/clients", clientListResponseSchema, () => never());
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    expect(await screen.findByText("Recherche…")).toBeTruthy();
  });

  it("creates a client inline with the typed name, then chooses it", async () => {
    const created = client({ name: "Sophie Bernard", email: "sophie@exemple.fr", phone: null });
    api.post("/api/clients", clientSchema, () => created);
    renderWithProviders(<Harness canCreate />);
    fireEvent.click(input());
    fireEvent.change(input(), { target: { value: "Sophie Bernard" } });
    await screen.findByText("Aucun client trouvé");
    fireEvent.keyDown(input(), { key: "End" });
    fireEvent.keyDown(input(), { key: "Enter" });
    expect((screen.getByLabelText("Nom") as HTMLInputElement).value).toBe("Sophie Bernard");
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "sophie@exemple.fr" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    await waitFor(() => expect(chosen()).toBe(created.id));
    expect(api.requests("POST", "/api/clients")[0]?.body).toEqual({
      name: "Sophie Bernard",
      email: "sophie@exemple.fr",
      phone: null,
    });
    expect(screen.queryByRole("button", { name: "Créer le client" })).toBeNull();
  });

  it("shows the server's reason when the inline creation is refused", async () => {
    api.post("/api/clients", clientSchema, () =>
      apiError(400, "Renseignez un e-mail ou un téléphone", { details: [{ path: "email", message: "x" }] }),
    );
    renderWithProviders(<Harness canCreate />);
    fireEvent.click(input());
    fireEvent.click(await screen.findByRole("option", { name: "Nouveau client" }));
    fireEvent.change(screen.getByLabelText("Nom"), { target: { value: "Sans contact" } });
    fireEvent.click(screen.getByRole("button", { name: "Créer le client" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Renseignez un e-mail ou un téléphone");
    expect(chosen()).toBe("aucun");
  });

  it("offers no creation without the permission", async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(input());
    await screen.findByRole("option", { name: /Famille Martin/ });
    expect(screen.queryByRole("option", { name: "Nouveau client" })).toBeNull();
  });
});
