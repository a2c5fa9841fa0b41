import { z } from "zod";
import { cleanEquipmentItems, EQUIPMENT_LIMITS, EQUIPMENT_TEXTS } from "./equipment-template-rules";
import { limitParam, pageParam, requiredField, requiredText, searchParam } from "./fields";

export * from "./equipment-template-rules";

/**
 * The equipment items of a body (docs/domain/equipment.md#rules): strings, each at most 200 characters
 * once trimmed (an issue at its place in the list sent), then cleaned — trimmed, blanks dropped,
 * repeats merged, order kept — and 200 at most once cleaned.
 */
const itemList = z
  .array(z.string({ error: EQUIPMENT_TEXTS.itemInvalid }), { error: EQUIPMENT_TEXTS.itemsInvalid })
  // Rows sent beyond any use (blank or not): refused before they are looked at one by one.
  .max(EQUIPMENT_LIMITS.maxItems * 5, EQUIPMENT_TEXTS.tooManyItems)
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if (item.trim().length > EQUIPMENT_LIMITS.itemLength)
        ctx.addIssue({ code: "custom", path: [index], message: EQUIPMENT_TEXTS.itemTooLong, input: item });
    });
    if (cleanEquipmentItems(items).length > EQUIPMENT_LIMITS.maxItems)
      ctx.addIssue({ code: "custom", message: EQUIPMENT_TEXTS.tooManyItems, input: items });
  })
  .transform(cleanEquipmentItems);

const name = () => requiredText(EQUIPMENT_LIMITS.nameLength, EQUIPMENT_TEXTS.nameRequired, EQUIPMENT_TEXTS.nameTooLong);

/** POST /api/equipment-templates: a name and its items (none when left out). */
export const equipmentTemplateInputSchema = z.object({
  name: name(),
  equipment_items: itemList.prefault([]),
});
export type EquipmentTemplateInput = z.output<typeof equipmentTemplateInputSchema>;

/** PUT /api/equipment-templates/:id: the whole template; `[]` empties its list, a key left out is refused. */
export const equipmentTemplateUpdateSchema = z.object({
  name: name(),
  equipment_items: requiredField(itemList),
});

export const equipmentTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The items in their order. */
  equipment_items: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EquipmentTemplate = z.infer<typeof equipmentTemplateSchema>;

export const EQUIPMENT_SORTS = ["created_at"] as const;
export const SORT_ORDERS = ["asc", "desc"] as const;

/** GET /api/equipment-templates (spec 3 §7): page, limit (20), search on the name and the items, newest first. */
export const equipmentTemplateListQuerySchema = z.object({
  page: pageParam(),
  limit: limitParam(EQUIPMENT_LIMITS.maxLimit, EQUIPMENT_LIMITS.defaultLimit),
  search: searchParam(),
  sort: z.enum(EQUIPMENT_SORTS, { error: "Tri invalide (created_at)" }).default("created_at"),
  order: z.enum(SORT_ORDERS, { error: "Ordre invalide (asc ou desc)" }).default("desc"),
});
export type EquipmentTemplateListQuery = z.output<typeof equipmentTemplateListQuerySchema>;

export const equipmentTemplateListResponseSchema = z.object({
  data: z.array(equipmentTemplateSchema),
  meta: z.object({ total: z.number(), page: z.number(), limit: z.number() }),
});
export type EquipmentTemplateListResponse = z.infer<typeof equipmentTemplateListResponseSchema>;
