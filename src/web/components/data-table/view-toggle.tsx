import { SegmentedControl } from "@web/components/ui/segmented-control";
import { LayoutGrid, Table2 } from "lucide-react";
import type { ListView } from "./use-list-view";

const VIEWS = [
  { value: "cards", label: "Cartes", icon: LayoutGrid },
  { value: "table", label: "Tableau", icon: Table2 },
] as const;

/** « Cartes / Tableau »: shown by a list page only when `useListView` says the choice is offered. */
export function ViewToggle({
  value,
  onChange,
  className,
}: {
  value: ListView;
  onChange: (view: ListView) => void;
  className?: string;
}) {
  return <SegmentedControl value={value} options={VIEWS} onChange={onChange} label="Affichage" className={className} />;
}
