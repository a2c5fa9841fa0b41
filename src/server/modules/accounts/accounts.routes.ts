import { expectedVersion } from "@server/lib/versions";
import { requireAuth } from "@server/plugins/auth";
import {
  accountLinkInfoSchema,
  accountLinkSchema,
  accountPatchSchema,
  accountSchema,
  companyUserPatchSchema,
  companyUserSchema,
  invitationBodySchema,
  invitationResponseSchema,
  passwordChangeSchema,
  setPasswordBodySchema,
  setPasswordResponseSchema,
} from "@shared/accounts";
import { errorResponseSchema } from "@shared/http";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../module";
import type { AccountTokenKind } from "./account-tokens";
import { ACCOUNTS_ACCESS, createAccountsService } from "./accounts.service";

const tags = ["Utilisateurs"];
const accountTags = ["Mon compte"];
const linkTags = ["Liens d’invitation et de réinitialisation"];
const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string() });
const errorsOf = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] ?? null });

/**
 * Invitations, reset links, activation and « Mon compte » (docs/domain/accounts.md#links-activation-and-account).
 * The tokens of /api/account-links/* never reach the request log (src/server/logger.ts).
 */
export const accountsModule: AppModule = async (app, { db, auth }) => {
  const service = createAccountsService(db, auth);

  app.post(
    "/api/company/users/invitations",
    {
      config: { access: { permission: ACCOUNTS_ACCESS.invite } },
      schema: {
        tags,
        summary:
          "Invite un utilisateur\u00a0: le compte sans mot de passe, ses rôles (ceux par défaut si aucun n’est choisi) et un lien valable 7 jours (409 si l’e-mail a déjà un compte)",
        body: invitationBodySchema,
        response: { 201: invitationResponseSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.invite(requireAuth(request), request.body)),
  );

  app.post(
    "/api/company/users/:id/invitation",
    {
      config: { access: { permission: ACCOUNTS_ACCESS.reinvite } },
      schema: {
        tags,
        summary:
          "Nouveau lien d’invitation pour un utilisateur qui n’a pas encore choisi son mot de passe (l’ancien lien ne fonctionne plus)",
        params: idParams,
        response: { 201: invitationResponseSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await service.reinvite(requireAuth(request), request.params.id)),
  );

  app.patch(
    "/api/company/users/:id",
    {
      config: { access: { permission: ACCOUNTS_ACCESS.update }, versioned: true },
      schema: {
        tags,
        summary:
          "Renomme, désactive (ses sessions sont fermées aussitôt) ou réactive un utilisateur (409 pour soi-même ou le dernier administrateur)",
        params: idParams,
        body: companyUserPatchSchema,
        response: { 200: companyUserSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireAuth(request), request.params.id, request.body, expectedVersion(request)),
  );

  app.post(
    "/api/company/users/:id/password-reset",
    {
      config: { access: { permission: ACCOUNTS_ACCESS.passwordReset } },
      schema: {
        tags,
        summary: "Lien de réinitialisation du mot de passe valable 24 heures (l’ancien lien ne fonctionne plus)",
        params: idParams,
        response: { 201: accountLinkSchema, ...errorsOf, 409: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.passwordReset(requireAuth(request), request.params.id)),
  );

  const links: { path: string; kind: AccountTokenKind; what: string }[] = [
    { path: "invitation", kind: "invitation", what: "d'invitation" },
    { path: "password-reset", kind: "password_reset", what: "de réinitialisation" },
  ];
  for (const { path, kind, what } of links) {
    app.get(
      `/api/account-links/${path}/:token`,
      {
        config: { access: { public: true } },
        schema: {
          tags: linkTags,
          summary: `Pour qui est le lien ${what} (404 s’il est inconnu, utilisé ou expiré\u202f; limité par adresse IP)`,
          security: [],
          params: tokenParams,
          response: { 200: accountLinkInfoSchema, ...errorsOf, 429: errorResponseSchema },
        },
      },
      async (request) => service.linkInfo(kind, request.params.token, meta(request)),
    );

    app.post(
      `/api/account-links/${path}/:token`,
      {
        config: { access: { public: true } },
        schema: {
          tags: linkTags,
          summary: `Choisit le mot de passe par le lien ${what}, qui ne sert qu’une fois, et connecte l’utilisateur comme la connexion`,
          security: [],
          params: tokenParams,
          body: setPasswordBodySchema,
          response: { 200: setPasswordResponseSchema, ...errorsOf, 429: errorResponseSchema },
        },
      },
      async (request) => service.useLink(kind, request.params.token, request.body.password, meta(request)),
    );
  }

  app.get(
    "/api/account",
    {
      config: { access: { signedIn: true } },
      schema: { tags: accountTags, summary: "Mon compte", response: { 200: accountSchema, 404: errorResponseSchema } },
    },
    async (request) => service.account(requireAuth(request)),
  );

  app.patch(
    "/api/account",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: accountTags,
        summary: "Modifie mon nom",
        body: accountPatchSchema,
        response: { 200: accountSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => service.updateAccount(requireAuth(request), request.body),
  );

  app.post(
    "/api/account/password",
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: accountTags,
        summary:
          "Change mon mot de passe (le mot de passe actuel est demandé\u202f; mes autres sessions sont fermées, celle-ci continue)",
        body: passwordChangeSchema,
        response: { 204: z.null(), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.changePassword(requireAuth(request), request.body);
      return reply.status(204).send(null);
    },
  );
};
