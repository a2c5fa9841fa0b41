import { requireAuth } from "@server/plugins/auth";
import {
  platformCompaniesQuerySchema,
  platformCompaniesResponseSchema,
  platformCompanyCreatedSchema,
  platformCompanyCreateSchema,
  platformCompanyPatchSchema,
  platformCompanySchema,
  platformDashboardSchema,
} from "@shared/accounts";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";
import { createSuperadminService } from "./superadmin.service";

const tags = ["SuperAdmin"];
const access = { superadmin: true } as const;
const idParams = z.object({ id: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The SuperAdmin platform: figures, companies, subscriptions, suspension (docs/domain/accounts.md#superadmin-platform). */
export const superadminModule: AppModule = async (app, { db }) => {
  const service = createSuperadminService(db);

  app.get(
    "/api/superadmin/dashboard",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Les chiffres de la plateforme, les dernières entreprises créées et les alertes (inactivité, fin d’essai)",
        response: { 200: platformDashboardSchema, ...errorsOf },
      },
    },
    async (request) => service.dashboard(requireAuth(request)),
  );

  app.get(
    "/api/superadmin/companies",
    {
      config: { access },
      schema: {
        tags,
        summary: "Liste paginée des entreprises, les plus récentes d’abord (recherche par nom, statut, formule)",
        querystring: platformCompaniesQuerySchema,
        response: { 200: platformCompaniesResponseSchema, ...errorsOf },
      },
    },
    async (request) => service.list(requireAuth(request), request.query),
  );

  app.post(
    "/api/superadmin/companies",
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Crée une entreprise, ses rôles par défaut et son premier administrateur, invité par un lien valable 7 jours",
        body: platformCompanyCreateSchema,
        response: { 201: platformCompanyCreatedSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(requireAuth(request), request.body)),
  );

  app.get(
    "/api/superadmin/companies/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Une entreprise\u00a0: formule, statut, nombre d’utilisateurs et dernière activité",
        params: idParams,
        response: { 200: platformCompanySchema, ...errorsOf },
      },
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.patch(
    "/api/superadmin/companies/:id",
    {
      config: { access },
      schema: {
        tags,
        summary: "Modifie la formule d’une entreprise et la fin de son essai",
        params: idParams,
        body: platformCompanyPatchSchema,
        response: { 200: platformCompanySchema, ...errorsOf },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body),
  );

  app.post(
    "/api/superadmin/companies/:id/suspend",
    {
      config: { access },
      schema: {
        tags,
        summary: "Suspend une entreprise\u00a0: les sessions de ses utilisateurs sont fermées et la connexion refusée",
        params: idParams,
        response: { 200: platformCompanySchema, ...errorsOf },
      },
    },
    async (request) => service.suspend(requireAuth(request), request.params.id),
  );

  app.post(
    "/api/superadmin/companies/:id/reactivate",
    {
      config: { access },
      schema: {
        tags,
        summary: "Réactive une entreprise suspendue\u00a0: ses utilisateurs peuvent de nouveau se connecter",
        params: idParams,
        response: { 200: platformCompanySchema, ...errorsOf },
      },
    },
    async (request) => service.reactivate(requireAuth(request), request.params.id),
  );
};
