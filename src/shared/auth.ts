import { z } from "zod";

import { LOGIN_REQUIRED_MESSAGE } from "./session";

/** POST /api/auth/login body: e-mail trimmed, password as typed. */
export const loginBodySchema = z.preprocess(
  // No body at all reads as empty fields, so it gets the same message.
  (body) => body ?? {},
  z.object({
    email: z
      .string({ error: LOGIN_REQUIRED_MESSAGE })
      .trim()
      .min(1, LOGIN_REQUIRED_MESSAGE)
      .max(254, "Adresse e-mail invalide"),
    password: z
      .string({ error: LOGIN_REQUIRED_MESSAGE })
      .min(1, LOGIN_REQUIRED_MESSAGE)
      .max(1024, "Mot de passe trop long"),
  }),
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authRoleSchema = z.object({ id: z.string(), name: z.string() });

/** The signed-in user (docs/domain/auth.md#signed-in-user). `company_id` mirrors `companyId` for older readers. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  avatarUrl: z.string().nullable(),
  companyId: z.string().nullable(),
  company_id: z.string().nullable(),
  company_name: z.string().nullable(),
  role: z.string().nullable(),
  roles: z.array(authRoleSchema),
  permissions: z.array(z.string()),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = z.object({ token: z.string(), user: authUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshResponseSchema = z.object({ token: z.string() });
export const verifyResponseSchema = z.object({ valid: z.literal(true), user: authUserSchema });

export const permissionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
});
export const permissionGroupSchema = z.object({ category: z.string(), permissions: z.array(permissionSchema) });
export type PermissionGroup = z.infer<typeof permissionGroupSchema>;
