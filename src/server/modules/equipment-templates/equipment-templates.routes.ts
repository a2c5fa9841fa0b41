import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import {
  equipmentTemplateInputSchema,
  equipmentTemplateListQuerySchema,
  equipmentTemplateListResponseSchema,
  equipmentTemplateSchema,
  equipmentTemplateUpdateSchema,
} from "@shared/equipment-templates";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";
import { createEquipmentTemplatesService, EQUIPMENT_TEMPLATES_ACCESS } from "./equipment-templates.service";

const tags = ["Équipements"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** Equipment templates: reusable equipment lists, taken by a worksite (docs/domain/equipment.md). */
export const equipmentTemplatesModule: AppModule = async (app, { db }) => {
  const service = createEquipmentTemplatesService(db);

  app.get(
    "/api/equipment-templates",
    {
      config: { access: { permission: EQUIPMENT_TEMPLATES_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Liste paginée des modèles d’équipement, les plus récents d’abord (recherche sur le nom et les équipements)",
        querystring: equipmentTemplateListQuerySchema,
        response: { 200: equipmentTemplateListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/equipment-templates/:id",
    {
      config: { access: { permission: EQUIPMENT_TEMPLATES_ACCESS.get } },
      schema: {
        tags,
        summary: "Un modèle d’équipement",
        params: idParams,
        response: { 200: equipmentTemplateSchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/equipment-templates",
    {
      config: { access: { permission: EQUIPMENT_TEMPLATES_ACCESS.create } },
      schema: {
        tags,
        summary: "Crée un modèle d’équipement (équipements nettoyés\u00a0: espaces, lignes vides et doublons retirés)",
        body: equipmentTemplateInputSchema,
        response: { 201: equipmentTemplateSchema, ...errorsOf },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/equipment-templates/:id",
    {
      config: { access: { permission: EQUIPMENT_TEMPLATES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un modèle d’équipement (nom et liste entière)",
        params: idParams,
        body: equipmentTemplateUpdateSchema,
        response: { 200: equipmentTemplateSchema, ...errorsOf },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/equipment-templates/:id",
    {
      config: { access: { permission: EQUIPMENT_TEMPLATES_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un modèle d’équipement (les chantiers gardent leur copie de la liste)",
        params: idParams,
        response: { 204: z.null(), ...errorsOf },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
