import { companyTaxRatesSchema } from "@shared/company";
import { librarySuggestionsResponseSchema } from "@shared/library";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DocumentLinesFields, emptyLine } from "./line-fields";
import { DocumentLinesEditor, LINE_REMOVED_TEXTS } from "./lines-editor";

const toast = vi.mocked(appToast, true);

afterEach(() => {
  cleanup();
  toast.mockReset();
});

function Harness({ names, showCosts = false }: { names: string[]; showCosts?: boolean }) {
  const form = useForm<DocumentLinesFields>({
    defaultValues: { items: names.map((name) => ({ ...emptyLine(), name })) },
  });
  return <DocumentLinesEditor form={form} document="quote" lineAmounts={names.map(() => 0)} showCosts={showCosts} />;
}

/** A line at 20 % and one stored at 33 %, before issue 31. */
function Stored() {
  const form = useForm<DocumentLinesFields>({
    defaultValues: {
      items: [
        { ...emptyLine(), name: "Pose" },
        { ...emptyLine(), name: "Ancien", tax_rate: "33" },
      ],
    },
  });
  return <DocumentLinesEditor form={form} document="invoice" lineAmounts={[0, 0]} />;
}

const lineNames = () =>
  screen.getAllByLabelText(/^Désignation \(ligne \d+\)$/).map((input) => (input as HTMLInputElement).value);

describe("DocumentLinesEditor", () => {
  it("labels every field of every line, « (ligne N) » included, in one layout for all widths", () => {
    renderWithProviders(<Harness names={["Carrelage", "Peinture"]} />);
    for (const line of [1, 2]) {
      for (const label of ["Désignation", "Description", "Quantité", "Unité", "Prix unitaire HT", "TVA"]) {
        expect(screen.getByLabelText(`${label} (ligne ${line})`)).toBeTruthy();
      }
    }
    expect(screen.getByRole("list", { name: "Lignes du devis" }).children).toHaveLength(2);
  });

  it("a deleted line can be put back at its place with « Annuler »", () => {
    renderWithProviders(<Harness names={["Carrelage", "Peinture", "Plinthes"]} />);
    fireEvent.change(screen.getByLabelText("Quantité (ligne 2)"), { target: { value: "7" } });

    fireEvent.click(screen.getByRole("button", { name: "Supprimer la ligne 2" }));
    expect(lineNames()).toEqual(["Carrelage", "Plinthes"]);
    expect(toast).toHaveBeenCalledTimes(1);
    const [message, options] = toast.mock.calls[0] as [string, { action: { label: string; onClick: () => void } }];
    expect(message).toBe(LINE_REMOVED_TEXTS.removed(2));
    expect(options.action.label).toBe("Annuler");

    act(() => options.action.onClick());
    expect(lineNames()).toEqual(["Carrelage", "Peinture", "Plinthes"]);
    expect((screen.getByLabelText("Quantité (ligne 2)") as HTMLInputElement).value).toBe("7");
  });

  it("proposes the price library's items as a line's name is typed, and fills the line from the one chosen", async () => {
    installBrowserStubs();
    const api = fakeApi().install();
    api.get("/api/library/suggestions", librarySuggestionsResponseSchema, ({ query }) => ({
      data:
        query.get("q") === "pose carr"
          ? [
              {
                id: "1d7c0a62-4b1e-4f0e-9a55-2f1f3c4d5e6f",
                kind: "ouvrage" as const,
                name: "Pose carrelage sol 45×45",
                description: "Fourniture et pose collée",
                unit: "m²",
                unit_price: 83.14,
                cost_price: 55.2,
                tax_rate: 10,
                category: null,
                supplier_reference: null,
                pricing: "parts" as const,
                coefficient: null,
                labour_hours: 0.8,
                archived: false,
                created_at: "2026-11-22T12:00:00.000Z",
                updated_at: "2026-11-22T12:00:00.000Z",
              },
            ]
          : [],
    }));
    renderWithProviders(<Harness names={[""]} showCosts />);
    const name = screen.getByLabelText("Désignation (ligne 1)");
    fireEvent.change(name, { target: { value: "pose carr" } });
    const option = await screen.findByRole("option", { name: /Pose carrelage sol 45×45/ });
    expect(option.textContent).toContain("83,14\u00a0€ HT / m²");
    expect(name.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(name, { key: "Enter" });

    await waitFor(() => expect((name as HTMLInputElement).value).toBe("Pose carrelage sol 45×45"));
    expect((screen.getByLabelText("Description (ligne 1)") as HTMLTextAreaElement).value).toBe(
      "Fourniture et pose collée",
    );
    expect((screen.getByLabelText("Unité (ligne 1)") as HTMLSelectElement).value).toBe("m²");
    expect((screen.getByLabelText("Prix unitaire HT (ligne 1)") as HTMLInputElement).value).toBe("83.14");
    expect((screen.getByLabelText("TVA (ligne 1)") as HTMLSelectElement).value).toBe("10");
    expect((screen.getByLabelText("Coût unitaire HT (ligne 1)") as HTMLInputElement).value).toBe("55.20");
    expect(screen.getByTestId("quote-line-margin-1").textContent).toBe("Marge 27,94\u00a0€ · 33,61\u00a0%");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("offers the company's VAT rates only (issue 31), a stored rate outside them kept to be changed", async () => {
    installBrowserStubs();
    const api = fakeApi().install();
    api.get("/api/company/tax-rates", companyTaxRatesSchema, () => ({ tax_rates: [20, 10, 8.5, 5.5, 2.1, 0] }));
    renderWithProviders(<Stored />);
    const options = (line: number) =>
      Array.from((screen.getByLabelText(`TVA (ligne ${line})`) as HTMLSelectElement).options).map((o) => o.value);
    await waitFor(() => expect(options(1)).toEqual(["20", "10", "8.5", "5.5", "2.1", "0"]));
    expect(options(2)).toEqual(["20", "10", "8.5", "5.5", "2.1", "0", "33"]);
    expect(api.requests("GET", "/api/company/tax-rates")).toHaveLength(1);
  });

  it("drags a line by its grip to where it is dropped, and moves it with ↑ ↓ on the grip", () => {
    renderWithProviders(<Harness names={["Carrelage", "Peinture", "Plinthes"]} />);
    // Rows of 100 px, one under the other (jsdom lays nothing out).
    const rows = screen.getAllByRole("listitem").filter((li) => li.hasAttribute("data-sortable-row"));
    rows.forEach((row, i) => {
      row.getBoundingClientRect = () => ({ top: i * 100, height: 100, bottom: i * 100 + 100 }) as DOMRect;
    });
    const grip = screen.getByRole("button", { name: "Déplacer la ligne 1" });
    fireEvent.pointerDown(grip, { button: 0, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(grip, { clientY: 260, pointerId: 1 });
    expect(rows[2]?.getAttribute("data-drop")).toBe("after");
    fireEvent.pointerUp(grip, { clientY: 260, pointerId: 1 });
    expect(lineNames()).toEqual(["Peinture", "Plinthes", "Carrelage"]);

    fireEvent.keyDown(screen.getByRole("button", { name: "Déplacer la ligne 1" }), { key: "ArrowDown" });
    expect(lineNames()).toEqual(["Plinthes", "Peinture", "Carrelage"]);
    fireEvent.keyDown(screen.getByRole("button", { name: "Déplacer la ligne 1" }), { key: "ArrowUp" });
    expect(lineNames()).toEqual(["Plinthes", "Peinture", "Carrelage"]);
  });

  it("shows each line's unit cost and margin only when asked (quotes:margins)", () => {
    renderWithProviders(<Harness names={["Carrelage"]} showCosts />);
    fireEvent.change(screen.getByLabelText("Quantité (ligne 1)"), { target: { value: "2.5" } });
    fireEvent.change(screen.getByLabelText("Prix unitaire HT (ligne 1)"), { target: { value: "32.50" } });
    expect(screen.getByTestId("quote-line-margin-1").textContent).toBe("Sans coût");
    fireEvent.change(screen.getByLabelText("Coût unitaire HT (ligne 1)"), { target: { value: "21.40" } });
    expect(screen.getByTestId("quote-line-margin-1").textContent).toBe("Marge 27,75\u00a0€ · 34,15\u00a0%");
    fireEvent.change(screen.getByLabelText("Coût unitaire HT (ligne 1)"), { target: { value: "40" } });
    expect(screen.getByTestId("quote-line-margin-1").className).toContain("text-destructive");
    cleanup();
    renderWithProviders(<Harness names={["Carrelage"]} />);
    expect(screen.queryByLabelText("Coût unitaire HT (ligne 1)")).toBeNull();
    expect(screen.queryByTestId("quote-line-margin-1")).toBeNull();
  });

  it("suggests nothing to a user who may not read the library: the name is plain text", () => {
    renderWithProviders(<Harness names={["Carrelage"]} />, { permissions: ["quotes:edit"] });
    expect(screen.getByLabelText("Désignation (ligne 1)").getAttribute("role")).toBeNull();
  });
});
