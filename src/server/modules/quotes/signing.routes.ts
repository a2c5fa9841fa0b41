import { requireAuth } from "@server/plugins/auth";
import { errorResponseSchema } from "@shared/http";
import { signBodySchema, signingLinkSchema, signingViewSchema } from "@shared/signing";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../module";
import { createSigningService, SIGNING_ACCESS } from "./signing.service";

const tags = ["Signature des devis"];
const tokenParams = z.object({ token: z.string() });
const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? null });

/**
 * The signing link of a quote and its public page's API (docs/domain/signing.md). The public routes
 * carry no session, are rate-limited per IP and answer nothing of another document; their tokens never
 * reach the request log (src/server/logger.ts).
 */
export const signingModule: AppModule = async (app, { db, fileSecret }) => {
  const service = createSigningService(db, { fileSecret });

  app.post(
    "/api/quotes/:id/signing-link",
    {
      config: { access: { permission: SIGNING_ACCESS.issue } },
      schema: {
        tags: ["Devis"],
        summary:
          "Nouveau lien de signature pour faire signer sur place (l’ancien lien du devis ne fonctionne plus\u202f; 409 pour un devis finalisé ou expiré)",
        params: z.object({ id: z.string() }),
        response: {
          201: signingLinkSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.issueOnSite(requireAuth(request), request.params.id)),
  );

  app.get(
    "/api/signing/:token",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          "Ce que lit le client avant de signer\u00a0: l’état du lien (open, signed, expired, refused, cancelled) et le devis tel qu’il a été envoyé quand il peut être signé\u202f; 404 pour un lien inconnu ou remplacé, 410 pour un lien d’une version antérieure du devis, 403 si l’entreprise est suspendue (limité par adresse IP)",
        security: [],
        params: tokenParams,
        response: {
          200: signingViewSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          410: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => service.view(request.params.token, meta(request)),
  );

  app.get(
    "/api/signing/:token/pdf",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          "Le PDF du devis tel qu’il a été envoyé avec ce lien (son empreinte SHA-256 est gardée à la signature)\u202f; le PDF signé une fois signé par ce lien",
        security: [],
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await service.pdf(request.params.token, meta(request), request.log);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(pdf);
    },
  );

  app.post(
    "/api/signing/:token",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary:
          "Signe le devis tel qu’il a été envoyé («\u00a0Bon pour accord\u00a0», nom, signature dessinée)\u00a0: le devis passe «\u00a0Validé\u00a0» et la preuve est gardée, avec l’empreinte du PDF présenté (404 lien invalide, 409 déjà signé, expiré, refusé ou annulé, 410 devis modifié depuis l’envoi, 403 entreprise suspendue)",
        security: [],
        params: tokenParams,
        body: signBodySchema,
        response: {
          200: signingViewSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          410: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => service.sign(request.params.token, request.body, meta(request), request.log),
  );
};
