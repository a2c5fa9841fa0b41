import { SegmentedControl } from "@web/components/ui/segmented-control";
import type { ListView } from "./use-list-view";

// Words only: every icon of the app is in the first load of every page, the login's included
// (scripts/chunk-plan.ts, its budget in e2e/pwa.spec.ts), and « Cartes / Tableau » says it plainly.
const VIEWS = [
  { value: "cards", label: "Cartes" },
  { value: "table", label: "Tableau" },
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
