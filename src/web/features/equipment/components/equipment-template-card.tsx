import { EQUIPMENT_TEXTS, equipmentCountLabel, equipmentPreview } from "@shared/equipment-template-rules";
import type { EquipmentTemplate } from "@shared/equipment-templates";
import { ActionMenu, type ActionMenuItem } from "@web/components/ui/action-menu";
import { Badge } from "@web/components/ui/badge";
import { Copy, Pencil, Trash2, Wrench } from "lucide-react";
import { useId } from "react";
import { useEquipmentAccess } from "../hooks/use-equipment-access";

export interface EquipmentTemplateActions {
  /** Opens the template: its form, or its list to read without equipment:edit. */
  onOpen: (template: EquipmentTemplate) => void;
  onDuplicate: (template: EquipmentTemplate) => void;
  onDelete: (template: EquipmentTemplate) => void;
}

/**
 * A template of the list (docs/domain/equipment.md#screen): its name, the count of its equipment, the
 * first three items and « +N autres équipements », and its « … » menu (what the user may do).
 */
export function EquipmentTemplateCard({ template, on }: { template: EquipmentTemplate; on: EquipmentTemplateActions }) {
  const { canCreate, canEdit, canDelete } = useEquipmentAccess();
  const nameId = useId();
  const { shown, more } = equipmentPreview(template.equipment_items);
  const groups: ActionMenuItem[][] = [
    [
      ...(canEdit ? [{ label: "Modifier", icon: Pencil, onSelect: () => on.onOpen(template) }] : []),
      ...(canCreate ? [{ label: "Dupliquer", icon: Copy, onSelect: () => on.onDuplicate(template) }] : []),
    ],
    canDelete
      ? [{ label: "Supprimer", icon: Trash2, onSelect: () => on.onDelete(template), variant: "destructive" as const }]
      : [],
  ];
  const hasActions = groups.some((group) => group.length > 0);

  return (
    <article
      aria-labelledby={nameId}
      className="relative flex h-full flex-col gap-3 rounded-lg border border-border bg-card p-4 shadow-card hover:border-[#c7cbfb]"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary-soft-foreground"
        >
          <Wrench className="size-4" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <button
            type="button"
            id={nameId}
            onClick={() => on.onOpen(template)}
            className="line-clamp-2 min-w-0 text-left text-[0.9375rem] leading-snug font-semibold break-words after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {template.name}
          </button>
          <Badge variant={template.equipment_items.length > 0 ? "default" : "outline"}>
            {equipmentCountLabel(template.equipment_items.length)}
          </Badge>
        </div>
        {hasActions && (
          <ActionMenu
            className="relative z-10 -mt-1 -mr-2"
            label={`Plus d’actions pour ${template.name}`}
            groups={groups}
          />
        )}
      </div>
      {shown.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <ul aria-label={`Équipements de ${template.name}`} className="flex flex-col gap-1">
            {shown.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one template, in their order
              <li key={index} className="flex min-w-0 items-baseline gap-2">
                <span
                  aria-hidden="true"
                  className="size-1.5 shrink-0 translate-y-[-0.125rem] rounded-full bg-primary/60"
                />
                <span className="min-w-0 truncate" title={item}>
                  {item}
                </span>
              </li>
            ))}
          </ul>
          {more && <p className="text-[0.8125rem] text-muted-foreground">{more}</p>}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground italic">{EQUIPMENT_TEXTS.noItems}</p>
      )}
    </article>
  );
}
