import { libraryImportResultSchema } from "@shared/library";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, installBrowserStubs, renderWithProviders } from "../test/render";
import { LibraryImportDialog } from "./library-import-dialog";

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.post(
    "/api/library/import",
    libraryImportResultSchema,
    ({ body }) => {
      const commit = (body as { commit: boolean }).commit;
      return {
        file_errors: [],
        columns: { name: "Désignation", unit_price: "PU HT" },
        rows: 3,
        valid: 2,
        created: commit ? 2 : 0,
        errors: [{ line: 3, name: "Palette", messages: ["Unité «\u00a0palette\u00a0» inconnue"] }],
        preview: [
          {
            line: 2,
            name: "Plinthe",
            unit: "ml",
            unit_price: 6.9,
            cost_price: 3.4,
            tax_rate: 10,
            category: "fourniture" as const,
          },
          {
            line: 4,
            name: "Carreleur",
            unit: "heure",
            unit_price: 46,
            cost_price: 31,
            tax_rate: 10,
            category: "main_oeuvre" as const,
          },
        ],
      };
    },
    200,
  );
});
afterEach(cleanup);

describe("LibraryImportDialog", () => {
  it("sends the file for a preview, shows the rows to add and the bad ones, then imports on request", async () => {
    const onClose = vi.fn();
    renderWithProviders(<LibraryImportDialog open isMobile={false} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Importer des articles" });
    const file = new File(["Désignation;PU HT\nPlinthe;6,90"], "articles.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByLabelText("Fichier CSV"), { target: { files: [file] } });

    await waitFor(() =>
      expect(within(dialog).getByLabelText("Aperçu de l’import").textContent).toContain(
        "3\u00a0lignes lues\u00a0: 2\u00a0articles à importer, 1\u00a0ligne en erreur.",
      ),
    );
    expect(api.requests("POST", "/api/library/import")[0]?.body).toEqual({
      csv: "Désignation;PU HT\nPlinthe;6,90",
      commit: false,
    });
    const rows = within(within(dialog).getByRole("table")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toContain("2PlintheFourniture6,90\u00a0€ / ml3,40\u00a0€10\u00a0%");
    expect(within(dialog).getByRole("region", { name: "Lignes en erreur" }).textContent).toContain(
      "Ligne 3 (Palette)\u00a0: Unité «\u00a0palette\u00a0» inconnue",
    );

    fireEvent.click(within(dialog).getByRole("button", { name: "Importer 2\u00a0articles" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.requests("POST", "/api/library/import").at(-1)?.body).toMatchObject({ commit: true });
  });

  it("reads a file saved by French Excel in Windows-1252 with its accents (the bytes decoded on the device)", async () => {
    renderWithProviders(<LibraryImportDialog open isMobile={false} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Importer des articles" });
    // « Désignation;Unité;PU HT » then « Plâtre;kg;12 », byte by byte: 0xE9 « é », 0xE2 « â ».
    const bytes = new Uint8Array([
      0x44, 0xe9, 0x73, 0x69, 0x67, 0x6e, 0x61, 0x74, 0x69, 0x6f, 0x6e, 0x3b, 0x55, 0x6e, 0x69, 0x74, 0xe9, 0x3b, 0x50,
      0x55, 0x20, 0x48, 0x54, 0x0d, 0x0a, 0x50, 0x6c, 0xe2, 0x74, 0x72, 0x65, 0x3b, 0x6b, 0x67, 0x3b, 0x31, 0x32,
    ]);
    const file = new File([bytes], "articles.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByLabelText("Fichier CSV"), { target: { files: [file] } });
    await waitFor(() => expect(api.requests("POST", "/api/library/import")).toHaveLength(1));
    expect(api.requests("POST", "/api/library/import")[0]?.body).toEqual({
      csv: "Désignation;Unité;PU HT\r\nPlâtre;kg;12",
      commit: false,
    });
  });
});
