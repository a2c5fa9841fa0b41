import type { Database } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  EQUIPMENT_TEXTS,
  type EquipmentTemplate,
  type EquipmentTemplateInput,
  type EquipmentTemplateListQuery,
  type EquipmentTemplateListResponse,
} from "@shared/equipment-templates";
import { equipmentTemplatesRepository } from "./equipment-templates.repository";

/** Who may do what with equipment templates (docs/domain/equipment.md#permissions). */
export const EQUIPMENT_TEMPLATES_ACCESS = permissions({
  list: "equipment:view",
  get: "equipment:view",
  create: "equipment:create",
  update: "equipment:edit",
  remove: "equipment:delete",
});

const noCompany = EQUIPMENT_TEXTS.companyRequired;

/** Reusable equipment lists (docs/domain/equipment.md): a name and its items, cleaned by the shared schema. */
export function createEquipmentTemplatesService(db: Database) {
  return {
    async list(auth: AuthContext, query: EquipmentTemplateListQuery): Promise<EquipmentTemplateListResponse> {
      const t = tenant(auth, EQUIPMENT_TEMPLATES_ACCESS.list, noCompany);
      const { data, total } = await db.run(t.scope, (tx) =>
        equipmentTemplatesRepository.list(
          tx,
          t.companyId,
          { search: query.search, order: query.order },
          { limit: query.limit, offset: (query.page - 1) * query.limit },
        ),
      );
      return { data, meta: { total, page: query.page, limit: query.limit } };
    },

    async get(auth: AuthContext, id: string): Promise<EquipmentTemplate> {
      const t = tenant(auth, EQUIPMENT_TEMPLATES_ACCESS.get, noCompany);
      const templateId = idOr404(id, EQUIPMENT_TEXTS.notFound);
      const template = await db.run(t.scope, (tx) => equipmentTemplatesRepository.find(tx, t.companyId, templateId));
      if (!template) throw errors.notFound(EQUIPMENT_TEXTS.notFound);
      return template;
    },

    async create(auth: AuthContext, input: EquipmentTemplateInput): Promise<EquipmentTemplate> {
      const t = tenant(auth, EQUIPMENT_TEMPLATES_ACCESS.create, noCompany);
      return db.run(t.scope, (tx) => equipmentTemplatesRepository.insert(tx, t.companyId, input));
    },

    async update(
      auth: AuthContext,
      id: string,
      input: EquipmentTemplateInput,
      version?: ExpectedVersion,
    ): Promise<EquipmentTemplate> {
      const t = tenant(auth, EQUIPMENT_TEMPLATES_ACCESS.update, noCompany);
      const templateId = idOr404(id, EQUIPMENT_TEXTS.notFound);
      const template = await db.run(t.scope, async (tx) => {
        await equipmentTemplatesRepository.lockVersion(tx, t.companyId, templateId, version);
        return equipmentTemplatesRepository.update(tx, t.companyId, templateId, input);
      });
      if (!template) throw errors.notFound(EQUIPMENT_TEXTS.notFound);
      return template;
    },

    /**
     * Deletes a template. A worksite copies the items it takes (spec 2 §7, `equipment[]`): nothing
     * references a template, so nothing blocks its deletion (docs/domain/equipment.md#delete).
     */
    async remove(auth: AuthContext, id: string): Promise<void> {
      const t = tenant(auth, EQUIPMENT_TEMPLATES_ACCESS.remove, noCompany);
      const templateId = idOr404(id, EQUIPMENT_TEXTS.notFound);
      const deleted = await db.run(t.scope, (tx) => equipmentTemplatesRepository.delete(tx, t.companyId, templateId));
      if (!deleted) throw errors.notFound(EQUIPMENT_TEXTS.notFound);
    },
  };
}

export type EquipmentTemplatesService = ReturnType<typeof createEquipmentTemplatesService>;
