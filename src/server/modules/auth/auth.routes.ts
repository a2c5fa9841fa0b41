import { errors } from "@server/lib/errors";
import { bearerToken, requireAuth } from "@server/plugins/auth";
import {
  authUserSchema,
  loginBodySchema,
  loginResponseSchema,
  refreshResponseSchema,
  verifyResponseSchema,
} from "@shared/auth";
import { errorResponseSchema } from "@shared/http";
import { z } from "zod";
import type { AppModule } from "../module";

const tags = ["Authentification"];

export const authModule: AppModule = async (app, { auth }) => {
  app.post(
    "/api/auth/login",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "Connexion par e-mail et mot de passe",
        security: [],
        body: loginBodySchema,
        response: {
          200: loginResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => auth.login(request.body, { ip: request.ip, userAgent: request.headers["user-agent"] ?? null }),
  );

  app.post(
    "/api/auth/logout",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "Déconnexion\u00a0: révoque la session du jeton",
        response: { 204: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (!token) throw errors.unauthenticated();
      await auth.logout(token);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/auth/verify",
    {
      config: { access: { signedIn: true } },
      schema: { tags, summary: "Vérifie le jeton et renvoie l’utilisateur", response: { 200: verifyResponseSchema } },
    },
    async (request) => ({ valid: true as const, user: requireAuth(request).user }),
  );

  app.post(
    "/api/auth/refresh",
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: "Nouveau jeton pour une session vivante (rotation\u202f; un jeton remplacé révoque la session)",
        security: [],
        response: { 200: refreshResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw errors.unauthenticated();
      return auth.refresh(token);
    },
  );

  app.get(
    "/api/auth/permissions",
    {
      config: { access: { signedIn: true } },
      schema: { tags, summary: "Permissions de l’utilisateur connecté", response: { 200: z.array(z.string()) } },
    },
    async (request) => requireAuth(request).permissions,
  );

  app.get(
    "/api/auth/me",
    {
      config: { access: { signedIn: true } },
      schema: { tags, summary: "Utilisateur connecté", response: { 200: authUserSchema } },
    },
    async (request) => requireAuth(request).user,
  );
};
