import { cleanEquipmentItems, copyName, repeatedItemRows } from "@shared/equipment-template-rules";
import { type EquipmentTemplate, equipmentTemplateInputSchema } from "@shared/equipment-templates";
import { formSchema } from "@web/lib/form-schema";
import type { EquipmentTemplateBody } from "../api/equipment-mutations";

/** What the dialog's inputs hold: the name and one row per equipment (react-hook-form's field array). */
export interface EquipmentFormFields {
  name: string;
  items: { value: string }[];
}

/** What the dialog edits: a new template (a duplicate's copy, maybe), or a template of the list. */
export type EquipmentFormState =
  | { mode: "create"; copyOf?: EquipmentTemplate }
  | { mode: "edit"; template: EquipmentTemplate }
  | null;

/**
 * The inputs at the opening (docs/domain/equipment.md#screen): the template's name and items, a
 * duplicate's name suffixed « (copie) »; at least one row, empty, so there is always a place to type.
 */
export function equipmentFormDefaults(state: EquipmentFormState): EquipmentFormFields {
  const source = state?.mode === "edit" ? state.template : state?.mode === "create" ? state.copyOf : undefined;
  const name = state?.mode === "create" && source ? copyName(source.name) : (source?.name ?? "");
  const items = source?.equipment_items ?? [];
  return { name, items: (items.length > 0 ? items : [""]).map((value) => ({ value })) };
}

/** The body sent: the rows as typed, in their order; the shared schema (and the server) clean them. */
export function toEquipmentPayload(fields: EquipmentFormFields): EquipmentTemplateBody {
  return { name: fields.name, equipment_items: fields.items.map((row) => row.value) };
}

/** The live preview: the items as they will be stored (trimmed, no blank, repeats merged). */
export const previewItems = (fields: EquipmentFormFields) => cleanEquipmentItems(fields.items.map((r) => r.value));

/** The rows that repeat an earlier one (hinted under them: they will be merged). */
export const repeatedRows = (fields: EquipmentFormFields) =>
  new Set(repeatedItemRows(fields.items.map((r) => r.value)));

/**
 * A validation path of the body (the shared schema's or the server's) as the form's field: the name,
 * an item's row (`equipment_items.3` is row 3: the rows are sent as typed), or the list as a whole.
 */
export function formFieldOf(path: string): "name" | `items.${number}.value` | "items" | null {
  if (path === "name") return "name";
  const row = /^equipment_items\.(\d+)$/.exec(path);
  if (row) return `items.${Number(row[1])}.value`;
  if (path === "equipment_items") return "items";
  return null;
}

/** The form's schema: the rows sent as typed, checked by equipmentTemplateInputSchema; each message at its row. */
export const equipmentFormSchema = formSchema(equipmentTemplateInputSchema, toEquipmentPayload, formFieldOf);
