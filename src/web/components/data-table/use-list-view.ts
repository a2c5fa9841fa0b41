import { useViewport } from "@web/hooks/use-viewport";
import { readItem, writeItem } from "@web/lib/storage";
import { useState } from "react";

/** How an office list is shown (docs/architecture.md#office-lists-as-tables). */
export type ListView = "cards" | "table";

/** The four lists that can be shown as a table; each remembers its own choice. */
export type TableList = "clients" | "quotes" | "invoices" | "library";

export const listViewKey = (list: TableList) => `propulse:list-view:${list}`;

/**
 * The view of a list: « Tableau » only on a laptop's layout (from 1024 px: `useViewport` says
 * "desktop"), remembered on this device per list; cards everywhere else, and no choice offered.
 */
export function useListView(list: TableList): {
  view: ListView;
  /** The « Cartes / Tableau » toggle is shown (laptop layout only). */
  choosable: boolean;
  setView: (view: ListView) => void;
} {
  const choosable = useViewport() === "desktop";
  const [chosen, setChosen] = useState<ListView>(() => (readItem(listViewKey(list)) === "table" ? "table" : "cards"));
  const setView = (view: ListView) => {
    setChosen(view);
    writeItem(listViewKey(list), view);
  };
  return { view: choosable ? chosen : "cards", choosable, setView };
}
