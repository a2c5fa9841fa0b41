import { type ClientImportResult, clientImportResultSchema } from "@shared/client-csv";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, installBrowserStubs, renderWithProviders } from "../test/render";
import { ClientImportDialog, importCounts } from "./client-import-dialog";

const toast = vi.mocked(appToast, true);

const spaced = (text: string | null | undefined) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

/** What the server answers for the file below, with the e-mail column mapped or not. */
function answer(body: { mapping?: Record<string, number | null>; commit: boolean }): ClientImportResult {
  const emailMapped = body.mapping?.email === 1;
  return {
    file_errors: [],
    headers: ["Nom", "Mail pro", "Ville"],
    mapping: emailMapped ? { last_name: 0, email: 1, city: 2 } : { last_name: 0, city: 2 },
    sample: [
      ["Claire Martin", "claire@exemple.fr", "Lyon"],
      ["SARL Dupont", "contact@dupont.fr", "Bron"],
    ],
    rows: 5,
    valid: 4,
    to_create: 3,
    to_merge: 1,
    to_skip: 0,
    created: body.commit ? 3 : 0,
    merged: 0,
    errors: [
      {
        line: 6,
        name: "Sans contact",
        messages: ["Au moins un moyen de contact (téléphone ou e-mail) est obligatoire"],
      },
    ],
    duplicates: emailMapped
      ? [
          {
            line: 4,
            name: "Jean Dupont",
            by: "email",
            key: "jean@exemple.fr",
            match: { client_id: "8d2c5a4e-3f1b-4c6d-9e7f-0a1b2c3d4e5f", line: null, name: "M. Jean Dupont" },
            action: "merge",
          },
        ]
      : [],
    preview: [
      {
        line: 2,
        type: "particulier",
        name: "Claire Martin",
        email: "claire@exemple.fr",
        phone: null,
        city: "Lyon",
        siret: null,
      },
      {
        line: 3,
        type: "professionnel",
        name: "SARL Dupont",
        email: null,
        phone: null,
        city: "Bron",
        siret: "30326504500011",
      },
    ],
  };
}

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.post(
    "/api/clients/import",
    clientImportResultSchema,
    ({ body }) => answer(body as Parameters<typeof answer>[0]),
    200,
  );
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
});

describe("ClientImportDialog", () => {
  it("reads the file, lets the columns be changed, shows rows, errors and duplicates, then imports as chosen", async () => {
    const onClose = vi.fn();
    renderWithProviders(<ClientImportDialog open isMobile={false} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Importer des clients" });
    const text = "Nom;Mail pro;Ville\nClaire Martin;claire@exemple.fr;Lyon";
    const file = new File([text], "clients.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByLabelText("Fichier CSV"), { target: { files: [file] } });

    // The columns as the server read their headers: « Mail pro » is not known.
    const columns = await within(dialog).findByRole("region", { name: "Colonnes du fichier" });
    expect(api.requests("POST", "/api/clients/import")[0]?.body).toEqual({ csv: text, commit: false });
    const mail = within(columns).getByLabelText("Mail pro") as HTMLSelectElement;
    expect(mail.value).toBe("");
    expect((within(columns).getByLabelText("Nom") as HTMLSelectElement).value).toBe("last_name");
    expect(within(columns).getByText("ex. : claire@exemple.fr")).toBeTruthy();

    // The user maps it to the e-mail: the file is read again with that mapping.
    fireEvent.change(mail, { target: { value: "email" } });
    await waitFor(() => expect(api.requests("POST", "/api/clients/import")).toHaveLength(2));
    expect(api.requests("POST", "/api/clients/import")[1]?.body).toMatchObject({
      commit: false,
      mapping: { last_name: 0, email: 1, city: 2, phone: null, company_name: null },
    });
    const summary = await within(dialog).findByText(/^5 lignes lues/);
    await waitFor(() =>
      expect(spaced(summary.textContent)).toBe(
        "5 lignes lues : 3 clients à créer, 1 doublon à fusionner, 1 ligne en erreur.",
      ),
    );
    const rows = within(within(dialog).getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => spaced(row.textContent))).toContain("3SARL Dupont303 265 045 00011ProfessionnelBron");
    expect(spaced(within(dialog).getByRole("region", { name: "Lignes en erreur" }).textContent)).toContain(
      "Ligne 6 (Sans contact) : Au moins un moyen de contact",
    );
    const duplicates = within(dialog).getByRole("region", { name: "Doublons" });
    expect(spaced(duplicates.textContent)).toContain(
      "Ligne 4 (Jean Dupont) : même e-mail que « M. Jean Dupont », déjà client",
    );

    // Ignored instead of merged: counted at once, sent with the import.
    fireEvent.change(within(duplicates).getByLabelText("Action pour la ligne 4"), { target: { value: "skip" } });
    expect(spaced(summary.textContent)).toBe("5 lignes lues : 3 clients à créer, 1 doublon ignoré, 1 ligne en erreur.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Importer 3\u00a0clients" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests("POST", "/api/clients/import").at(-1)?.body).toMatchObject({
      csv: text,
      commit: true,
      mapping: { email: 1 },
      duplicate_action: "merge",
      duplicates: { "4": "skip" },
    });
    expect(toast.success).toHaveBeenCalledWith("3\u00a0clients importés");
  });

  it("reads a file saved by French Excel in Windows-1252 with its accents (the bytes decoded on the device)", async () => {
    renderWithProviders(<ClientImportDialog open isMobile={false} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Importer des clients" });
    // « Nom;Prénom;Téléphone » then « Lefèvre;Zoé;06 », byte by byte: 0xE9 « é », 0xE8 « è ».
    const bytes = new Uint8Array([
      0x4e, 0x6f, 0x6d, 0x3b, 0x50, 0x72, 0xe9, 0x6e, 0x6f, 0x6d, 0x3b, 0x54, 0xe9, 0x6c, 0xe9, 0x70, 0x68, 0x6f, 0x6e,
      0x65, 0x0d, 0x0a, 0x4c, 0x65, 0x66, 0xe8, 0x76, 0x72, 0x65, 0x3b, 0x5a, 0x6f, 0xe9, 0x3b, 0x30, 0x36,
    ]);
    fireEvent.change(within(dialog).getByLabelText("Fichier CSV"), {
      target: { files: [new File([bytes], "clients.csv", { type: "text/csv" })] },
    });
    await waitFor(() => expect(api.requests("POST", "/api/clients/import")).toHaveLength(1));
    expect(api.requests("POST", "/api/clients/import")[0]?.body).toEqual({
      csv: "Nom;Prénom;Téléphone\r\nLefèvre;Zoé;06",
      commit: false,
    });
  });

  it("says why a file cannot be imported and offers nothing to import", async () => {
    api.post(
      "/api/clients/import",
      clientImportResultSchema,
      () => ({ ...answer({ commit: false }), file_errors: ["Le fichier est vide"], preview: [], valid: 0 }),
      200,
    );
    renderWithProviders(<ClientImportDialog open isMobile onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Importer des clients" });
    fireEvent.change(within(dialog).getByLabelText("Fichier CSV"), {
      target: { files: [new File([""], "vide.csv", { type: "text/csv" })] },
    });
    expect(await within(dialog).findByText("Le fichier est vide")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Importer" })).toHaveProperty("disabled", true);
  });
});

describe("importCounts", () => {
  it("counts what the choices make of the duplicates", () => {
    const result = answer({ mapping: { email: 1 }, commit: false });
    expect(importCounts(result, {}, "merge")).toEqual({ create: 3, merge: 1, skip: 0 });
    expect(importCounts(result, { "4": "create" }, "merge")).toEqual({ create: 4, merge: 0, skip: 0 });
    expect(importCounts(result, {}, "skip")).toEqual({ create: 3, merge: 0, skip: 1 });
  });
});
