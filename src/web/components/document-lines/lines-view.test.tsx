import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DocumentLinesView, type DocumentLineView } from "./lines-view";

afterEach(cleanup);

const line = (id: string, quantity: number, unit: string): DocumentLineView => ({
  id,
  position: Number(id),
  kind: "item",
  name: `Poste ${id}`,
  description: null,
  quantity,
  unit,
  unit_price: 10,
  tax_rate: 20,
  subtotal: quantity * 10,
});

const items = [line("1", 2, "unité"), line("2", 1, "unité"), line("3", 12.5, "m²"), line("4", 3, "heure")];

describe("DocumentLinesView", () => {
  it("writes each unit in the plural from 2 (docs/glossary.md): « 2 unités », « 1 unité », « 12,5 m² »", () => {
    render(<DocumentLinesView items={items} isMobile={false} label="Lignes du devis" />);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    const quantities = rows.map((row) => row.querySelectorAll("td")[1]?.textContent);
    expect(quantities).toEqual(["2\u00a0unités", "1\u00a0unité", "12,5\u00a0m²", "3\u00a0heures"]);
  });

  it("does the same in the phone's list", () => {
    render(<DocumentLinesView items={items} isMobile label="Lignes du devis" />);
    const list = screen.getByRole("list", { name: "Lignes du devis" });
    expect(list.textContent).toContain("2\u00a0unités ×");
    expect(list.textContent).toContain("1\u00a0unité ×");
    expect(list.textContent).toContain("3\u00a0heures ×");
  });
});
