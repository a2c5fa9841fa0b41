import { z } from "zod";

export const LOGIN_REQUIRED_MESSAGE = "Veuillez saisir votre email et votre mot de passe";

/** POST /api/auth/login body: e-mail trimmed, password as typed. */
export const loginBodySchema = z.preprocess(
  // No body at all reads as empty fields, so it gets the same message.
  (body) => body ?? {},
  z.object({
    email: z.string({ error: LOGIN_REQUIRED_MESSAGE }).trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254, "Email invalide"),
    password: z
      .string({ error: LOGIN_REQUIRED_MESSAGE })
      .min(1, LOGIN_REQUIRED_MESSAGE)
      .max(1024, "Mot de passe trop long"),
  }),
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authRoleSchema = z.object({ id: z.string(), name: z.string() });

/** The signed-in user (spec 1 §3). `company_id` mirrors `companyId` for older readers. */
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

/** Splits full_name on the first space (spec 1 §3): first name defaults to 'User'. */
export function splitFullName(fullName: string | null | undefined): { firstName: string; lastName: string } {
  const trimmed = (fullName ?? "").trim();
  if (!trimmed) return { firstName: "User", lastName: "" };
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the `exp` claim (seconds) of a JWT without verifying it; null when unreadable. */
export function readTokenExpiry(token: string | null | undefined): number | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== "object" || payload === null) return null;
    const exp = (payload as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/** An unreadable token counts as expired (spec 1 §5). */
export function isTokenExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  return exp === null || exp * 1000 <= nowMs;
}
