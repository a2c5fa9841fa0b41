import { formatEuro } from "@shared/format";
import { act, cleanup, fireEvent, render, renderHook, screen, within } from "@testing-library/react";
import { stubViewport } from "@web/test/viewport-stub";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DataColumn, DataTable, pageTotal, selectedLabel } from "./data-table";
import { listViewKey, useListView } from "./use-list-view";
import { useRowSelection } from "./use-row-selection";
import { ViewToggle } from "./view-toggle";

/** The office lists' table (docs/architecture.md#office-lists-as-tables). */

const viewport = stubViewport(1366);

interface Row {
  id: string;
  ref: string;
  ht: number;
  ttc: number;
}

const ROWS: Row[] = [
  { id: "a", ref: "DEV-1", ht: 0.1, ttc: 0.12 },
  { id: "b", ref: "DEV-2", ht: 0.2, ttc: 0.24 },
  { id: "c", ref: "DEV-3", ht: 1000.05, ttc: 1200.06 },
];

type Sort = "ref" | "ht";

const COLUMNS: DataColumn<Row, Sort>[] = [
  { id: "ref", header: "Référence", cell: (r) => r.ref, sort: { key: "ref", direction: "ascending" } },
  { id: "note", header: "Note", cell: () => "—" },
  {
    id: "ht",
    header: "Total HT",
    cell: (r) => formatEuro(r.ht),
    numeric: true,
    money: (r) => r.ht,
    sort: { key: "ht", direction: "descending" },
  },
  { id: "ttc", header: "Total TTC", cell: (r) => formatEuro(r.ttc), numeric: true, money: (r) => r.ttc },
];

function Harness({ onOpen = vi.fn(), onSort = vi.fn() }: { onOpen?: (row: Row) => void; onSort?: (s: Sort) => void }) {
  const [sort, setSort] = useState<Sort>("ref");
  const selection = useRowSelection(ROWS, (r) => r.id);
  return (
    <>
      <output data-testid="picked">{selection.selectedRows.map((r) => r.ref).join(",")}</output>
      <DataTable
        label="Devis"
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(r) => r.id}
        rowLabel={(r) => `le devis ${r.ref}`}
        onOpen={onOpen}
        sort={sort}
        onSortChange={(next) => {
          onSort(next);
          setSort(next);
        }}
        selected={selection.selected}
        onSelectedChange={selection.setSelected}
      />
    </>
  );
}

/** A table whose headers set the sort and its order, as the list pages do. */
function Sorting({ onSort }: { onSort: (sort: Sort, order: "asc" | "desc" | undefined) => void }) {
  const [sort, setSort] = useState<Sort>("ref");
  const [order, setOrder] = useState<"asc" | "desc" | undefined>(undefined);
  return (
    <DataTable
      label="Devis"
      rows={ROWS}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      rowLabel={(r) => `le devis ${r.ref}`}
      onOpen={vi.fn()}
      sort={sort}
      order={order}
      onSortChange={(next, nextOrder) => {
        onSort(next, nextOrder);
        setSort(next);
        setOrder(nextOrder);
      }}
    />
  );
}

beforeEach(() => {
  localStorage.clear();
  viewport.resize(1366);
});
afterEach(cleanup);

describe("DataTable", () => {
  it("is a table with column headers; only the API's sortable columns have a sort button, aria-sort on the one in force", () => {
    const onSort = vi.fn();
    render(<Harness onSort={onSort} />);
    const table = screen.getByRole("table", { name: "Devis" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["", "Référence", "Note", "Total HT", "Total TTC"]);
    const [, ref, note, ht, ttc] = headers as HTMLElement[];
    expect(ref?.getAttribute("scope")).toBe("col");
    expect(ref?.getAttribute("aria-sort")).toBe("ascending");
    expect(ht?.getAttribute("aria-sort")).toBeNull();
    expect(within(note as HTMLElement).queryByRole("button")).toBeNull();
    expect(within(ttc as HTMLElement).queryByRole("button")).toBeNull();

    fireEvent.click(within(ht as HTMLElement).getByRole("button", { name: "Total HT" }));
    expect(onSort).toHaveBeenCalledWith("ht");
    expect(ht?.getAttribute("aria-sort")).toBe("descending");
    expect(ref?.getAttribute("aria-sort")).toBeNull();
  });

  it("sorts by a header in its column's own order, then the other way round at each click (aria-sort follows)", () => {
    const asked: [Sort, string | undefined][] = [];
    render(<Sorting onSort={(next, order) => asked.push([next, order])} />);
    const header = (name: string) => screen.getByRole("columnheader", { name });
    const click = (name: string) => fireEvent.click(within(header(name)).getByRole("button", { name }));
    expect(header("Référence").getAttribute("aria-sort")).toBe("ascending");
    click("Référence");
    expect(asked.at(-1)).toEqual(["ref", "desc"]);
    expect(header("Référence").getAttribute("aria-sort")).toBe("descending");
    click("Référence");
    expect(asked.at(-1)).toEqual(["ref", "asc"]);
    expect(header("Référence").getAttribute("aria-sort")).toBe("ascending");
    click("Total HT");
    expect(asked.at(-1)).toEqual(["ht", undefined]);
    expect(header("Total HT").getAttribute("aria-sort")).toBe("descending");
    expect(header("Référence").getAttribute("aria-sort")).toBeNull();
    click("Total HT");
    expect(asked.at(-1)).toEqual(["ht", "asc"]);
    expect(header("Total HT").getAttribute("aria-sort")).toBe("ascending");
  });

  it("ticks one row, then the page from the header box (indeterminate meanwhile), then none", () => {
    render(<Harness />);
    const page = screen.getByRole("checkbox", { name: "Sélectionner les lignes de la page" }) as HTMLInputElement;
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-2" }));
    expect(screen.getByTestId("picked").textContent).toBe("DEV-2");
    expect(page.checked).toBe(false);
    expect(page.indeterminate).toBe(true);
    fireEvent.click(page);
    expect(screen.getByTestId("picked").textContent).toBe("DEV-1,DEV-2,DEV-3");
    expect(page.checked).toBe(true);
    expect(page.indeterminate).toBe(false);
    fireEvent.click(page);
    expect(screen.getByTestId("picked").textContent).toBe("");
  });

  it("sums the money columns of the rows shown in integer cents, under « Total de la page »", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004: the sum is made in cents.
    expect(pageTotal(ROWS.slice(0, 2), (r) => r.ht)).toBe(0.3);
    expect(pageTotal(ROWS, (r) => r.ht)).toBe(1000.35);
    render(<Harness />);
    const footer = screen.getAllByRole("rowgroup").at(-1) as HTMLElement;
    expect(within(footer).getByRole("rowheader").textContent).toBe("Total de la page");
    expect(screen.getByTestId("page-total-ht").textContent).toBe(formatEuro(1000.35));
    expect(screen.getByTestId("page-total-ttc").textContent).toBe(formatEuro(1200.42));
  });

  it("opens a row on a click or Enter, never when its checkbox is ticked", () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const row = screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-3" }).closest("tr") as HTMLElement;
    fireEvent.click(screen.getByRole("checkbox", { name: "Sélectionner le devis DEV-3" }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByText("DEV-3"));
    expect(onOpen).toHaveBeenLastCalledWith(ROWS[2]);
    fireEvent.keyDown(row, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it("agrees the selection's label in gender and number", () => {
    expect(selectedLabel(1, { one: "devis", many: "devis" })).toBe("1\u00a0devis sélectionné");
    expect(selectedLabel(3, { one: "facture", many: "factures", feminine: true })).toBe(
      "3\u00a0factures sélectionnées",
    );
  });
});

function Page() {
  const list = useListView("quotes");
  return (
    <>
      {list.choosable && <ViewToggle value={list.view} onChange={list.setView} />}
      <p>{list.view === "table" ? "vue tableau" : "vue cartes"}</p>
    </>
  );
}

describe("useListView and ViewToggle", () => {
  it("offers « Cartes / Tableau » on a laptop and remembers the choice per list on this device", () => {
    const first = render(<Page />);
    expect(screen.getByText("vue cartes")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Tableau" }));
    expect(screen.getByText("vue tableau")).toBeTruthy();
    expect(localStorage.getItem(listViewKey("quotes"))).toBe("table");
    expect(localStorage.getItem(listViewKey("invoices"))).toBeNull();
    first.unmount();
    // Back on the page (a reload): the table again.
    render(<Page />);
    expect(screen.getByText("vue tableau")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Tableau" }).getAttribute("aria-checked")).toBe("true");
  });

  it("keeps the cards and offers no choice below 1024 px, whatever was chosen", () => {
    localStorage.setItem(listViewKey("quotes"), "table");
    render(<Page />);
    expect(screen.getByText("vue tableau")).toBeTruthy();
    act(() => viewport.resize(820));
    expect(screen.getByText("vue cartes")).toBeTruthy();
    expect(screen.queryByRole("radiogroup", { name: "Affichage" })).toBeNull();
    const { result } = renderHook(() => useListView("quotes"));
    expect(result.current).toMatchObject({ view: "cards", choosable: false });
  });
});
