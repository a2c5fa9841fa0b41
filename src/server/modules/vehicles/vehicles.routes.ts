import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import {
  vehicleCreateSchema,
  vehicleListQuerySchema,
  vehicleListResponseSchema,
  vehicleSchema,
  vehicleSummarySchema,
  vehicleUpdateSchema,
} from "@shared/vehicles";
import { z } from "zod";
import type { AppModule } from "../module";
import { createVehiclesService, VEHICLES_ACCESS } from "./vehicles.service";

const tags = ["Véhicules"];
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The company's fleet: vehicles, their status and the dates that keep them on the road (docs/domain/vehicles.md). */
export const vehiclesModule: AppModule = async (app, { db }) => {
  const service = createVehiclesService(db);

  app.get(
    "/api/vehicles",
    {
      config: { access: { permission: VEHICLES_ACCESS.list } },
      schema: {
        tags,
        summary:
          "Liste paginée des véhicules par nom (recherche par nom, plaque, marque ou modèle\u202f; filtres statut et «\u00a0à surveiller\u00a0»)",
        querystring: vehicleListQuerySchema,
        response: { 200: vehicleListResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.get(
    "/api/vehicles/summary",
    {
      config: { access: { permission: VEHICLES_ACCESS.summary } },
      schema: {
        tags,
        summary: "Les véhicules par statut, leur total et le nombre de véhicules à surveiller",
        response: { 200: vehicleSummarySchema, ...errorsOf },
      },
    },
    async (request) => service.summary(requireAuth(request)),
  );

  app.get(
    "/api/vehicles/:id",
    {
      config: { access: { permission: VEHICLES_ACCESS.get } },
      schema: { tags, summary: "Un véhicule", params: idParams, response: { 200: vehicleSchema, ...errorsOf } },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/vehicles",
    {
      config: { access: { permission: VEHICLES_ACCESS.create } },
      schema: {
        tags,
        summary: "Ajoute un véhicule (409 si sa plaque est déjà celle d’un autre véhicule de l’entreprise)",
        body: vehicleCreateSchema,
        response: { 201: vehicleSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.put(
    "/api/vehicles/:id",
    {
      config: { access: { permission: VEHICLES_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary: "Modifie un véhicule, tous ses champs (409 si sa plaque est déjà celle d’un autre véhicule)",
        params: idParams,
        body: vehicleUpdateSchema,
        response: { 200: vehicleSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.delete(
    "/api/vehicles/:id",
    {
      config: { access: { permission: VEHICLES_ACCESS.remove } },
      schema: {
        tags,
        summary: "Supprime un véhicule (409 si un chantier l’utilise)",
        params: idParams,
        response: { 204: z.null(), ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
