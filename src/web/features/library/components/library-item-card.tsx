import type { LibraryItem } from "@shared/library";
import { ActionMenu, type ActionMenuItem } from "@web/components/ui/action-menu";
import { Badge } from "@web/components/ui/badge";
import { Archive, ArchiveRestore, Copy, Layers, Package, Pencil, Trash2 } from "lucide-react";
import { useId } from "react";
import { useLibraryAccess } from "../hooks/use-library-access";
import { costLabel, kindLabel, labourLabel, marginLabel, priceLabel } from "../lib/library-format";

export interface LibraryItemActions {
  onOpen: (item: LibraryItem) => void;
  onDuplicate: (item: LibraryItem) => void;
  onArchive: (item: LibraryItem, archived: boolean) => void;
  onDelete: (item: LibraryItem) => void;
}

/** An article or an ouvrage of the library (docs/domain/library.md): price HT per unit, cost and margin. */
export function LibraryItemCard({
  item,
  on,
  busy = false,
}: {
  item: LibraryItem;
  on: LibraryItemActions;
  busy?: boolean;
}) {
  const { canEdit } = useLibraryAccess();
  const nameId = useId();
  const labour = labourLabel(item.labour_hours);
  const groups: ActionMenuItem[][] = canEdit
    ? [
        [
          { label: "Modifier", icon: Pencil, onSelect: () => on.onOpen(item) },
          { label: "Dupliquer", icon: Copy, onSelect: () => on.onDuplicate(item) },
        ],
        [
          item.archived
            ? { label: "Restaurer", icon: ArchiveRestore, onSelect: () => on.onArchive(item, false) }
            : { label: "Archiver", icon: Archive, onSelect: () => on.onArchive(item, true) },
          { label: "Supprimer", icon: Trash2, onSelect: () => on.onDelete(item), variant: "destructive" },
        ],
      ]
    : [];

  return (
    <article
      aria-labelledby={nameId}
      className="relative flex items-start gap-3 rounded-lg border border-border bg-card p-4 shadow-card hover:border-[#c7cbfb]"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground"
      >
        {item.kind === "ouvrage" ? <Layers className="size-4" /> : <Package className="size-4" />}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <button
            type="button"
            id={nameId}
            onClick={() => on.onOpen(item)}
            className="line-clamp-2 min-w-0 text-left text-[0.9375rem] leading-snug font-semibold break-words after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {item.name}
          </button>
          <Badge variant={item.kind === "ouvrage" ? "accent" : "outline"}>{kindLabel(item.kind, item.category)}</Badge>
          {item.archived && <Badge variant="warning">Archivé</Badge>}
        </div>
        <p className="text-sm font-medium tabular-nums">{priceLabel(item.unit_price, item.unit)}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-[0.8125rem] text-muted-foreground tabular-nums">
          <span>{costLabel(item.cost_price, item.unit)}</span>
          <span>{marginLabel(item.unit_price, item.cost_price)}</span>
          {labour && <span>{labour}</span>}
          {item.supplier_reference && <span>Réf. {item.supplier_reference}</span>}
        </p>
      </div>
      {groups.length > 0 && (
        <ActionMenu className="relative z-10" label={`Plus d’actions pour ${item.name}`} busy={busy} groups={groups} />
      )}
    </article>
  );
}
