import type { QuoteInput } from "@shared/quotes";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDefaults, emptyItem, type QuoteFormFields } from "../lib/quote-form";
import { LINE_REMOVED_TEXTS, QuoteItemsEditor } from "./quote-items-editor";

const toast = vi.hoisted(() => vi.fn());
vi.mock("sonner", () => ({ toast }));

afterEach(() => {
  cleanup();
  toast.mockReset();
});

function Harness({ names }: { names: string[] }) {
  const form = useForm<QuoteFormFields, unknown, QuoteInput>({
    defaultValues: {
      ...createDefaults({ today: "2026-03-10" }),
      items: names.map((name) => ({ ...emptyItem(), name })),
    },
  });
  return <QuoteItemsEditor form={form} lineTotals={names.map(() => 0)} />;
}

const lineNames = () =>
  screen.getAllByLabelText(/^Désignation \(ligne \d+\)$/).map((input) => (input as HTMLInputElement).value);

describe("QuoteItemsEditor", () => {
  it("labels every field of every line, « (ligne N) » included, in one layout for all widths", () => {
    render(<Harness names={["Carrelage", "Peinture"]} />);
    for (const line of [1, 2]) {
      for (const label of ["Désignation", "Description", "Quantité", "Unité", "Prix unitaire HT", "TVA"]) {
        expect(screen.getByLabelText(`${label} (ligne ${line})`)).toBeTruthy();
      }
    }
    expect(screen.getByRole("list", { name: "Lignes du devis" }).children).toHaveLength(2);
  });

  it("a deleted line can be put back at its place with « Annuler »", () => {
    render(<Harness names={["Carrelage", "Peinture", "Plinthes"]} />);
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
});
