/**
 * Accounts (issue 15, docs/domain/accounts.md): the company's users and roles (spec 3 §2.8–§2.12, §3,
 * §7), invitations and password-reset links, « Mon compte », and the SuperAdmin platform: the wire
 * schemas. The texts and pure rules are in account-rules.ts (zod-free); the server is the authority.
 */
import { z } from "zod";
import { ACCOUNT_TEXTS, COMPANY_STATUSES, PASSWORD_MAX_LENGTH, PASSWORD_TEXTS, PLANS } from "./account-rules";
import { loginResponseSchema } from "./auth";
import { isoDay } from "./fields";

/** A new password as the API receives it: policy checked by the service with the user's e-mail and name. */
export const newPasswordSchema = z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TEXTS.tooLong);

// ---------------------------------------------------------------------------------------------
// Company users (spec 3 §3 « Company user », §7 « Company users »)

export const roleRefSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable() });

export const companyUserSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  roles: z.array(roleRefSchema),
  /** Invited, has not chosen a password yet (cannot sign in). */
  invitation_pending: z.boolean(),
  /** Holds admin:access through one of its roles. */
  is_admin: z.boolean(),
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
  /**
   * In the list (issue 32 follow-up of ADR 0019): whether the signed-in user may act on him — reset or
   * invitation link, activation, roles. False when he holds a permission the caller lacks (the server
   * answers 403 to such actions); absent from the other answers.
   */
  may_act: z.boolean().optional(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/** GET /api/company/users?search=&role_id= — the spec's `{ data }`, ordered by name. */
export const companyUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role_id: z.string().uuid().optional(),
});
export const companyUsersResponseSchema = z.object({ data: z.array(companyUserSchema) });

/** POST /api/company/user-roles/user/:userId — replaces the user's set of roles. */
export const userRolesBodySchema = z.object({ role_ids: z.array(z.string().uuid()).max(50) });

const emailField = z
  .string({ error: ACCOUNT_TEXTS.emailRequired })
  .trim()
  .min(1, ACCOUNT_TEXTS.emailRequired)
  .max(254, ACCOUNT_TEXTS.emailInvalid)
  .email(ACCOUNT_TEXTS.emailInvalid)
  .transform((e) => e.toLowerCase());

const fullNameField = z
  .string({ error: ACCOUNT_TEXTS.fullNameRequired })
  .trim()
  .min(1, ACCOUNT_TEXTS.fullNameRequired)
  .max(120);

/** POST /api/company/users/invitations (users:create). */
export const invitationBodySchema = z.object({
  email: emailField,
  full_name: fullNameField,
  role_ids: z.array(z.string().uuid()).max(50),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

/** A one-time link shown to the administrator: `path` is `/invitation/<token>` or `/reinitialiser/<token>`. */
export const accountLinkSchema = z.object({ path: z.string(), expires_at: z.string() });
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const invitationResponseSchema = z.object({ user: companyUserSchema, link: accountLinkSchema });

/** PATCH /api/company/users/:id (users:edit): activate / deactivate, rename. */
export const companyUserPatchSchema = z.object({
  is_active: z.boolean().optional(),
  full_name: fullNameField.optional(),
});

// ---------------------------------------------------------------------------------------------
// Public links: invitation and password reset

/** GET /api/account-links/invitation/:token and /password-reset/:token: who the link is for. */
export const accountLinkInfoSchema = z.object({
  email: z.string(),
  full_name: z.string(),
  company_name: z.string().nullable(),
  expires_at: z.string(),
});

/** POST on the same paths: the chosen password; answers the login response (signed in). */
export const setPasswordBodySchema = z.object({ password: newPasswordSchema });
export const setPasswordResponseSchema = loginResponseSchema;

// ---------------------------------------------------------------------------------------------
// « Mon compte » (any signed-in user)

export const accountSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  roles: z.array(z.string()),
  last_login_at: z.string().nullable(),
});
export const accountPatchSchema = z.object({ full_name: fullNameField });
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, ACCOUNT_TEXTS.currentPasswordWrong).max(1024),
  new_password: newPasswordSchema,
});

// ---------------------------------------------------------------------------------------------
// Roles (spec 3 §3 « Role », §4, §5, §7 « Roles »)

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_default: z.boolean(),
  permissions: z.array(z.object({ id: z.string(), code: z.string() })),
  user_count: z.number().int(),
  /** Its version: the `ETag` of the answer, sent back as `If-Match` by a save (ADR 0024). */
  updated_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

const roleNameField = z
  .string({ error: ACCOUNT_TEXTS.roleNameRequired })
  .trim()
  .min(1, ACCOUNT_TEXTS.roleNameRequired)
  .max(80, ACCOUNT_TEXTS.roleNameTooLong)
  // « superadmin » is the platform's role name: a company role so named would read as the SuperAdmin's.
  .refine((name) => name.toLowerCase() !== "superadmin", ACCOUNT_TEXTS.roleNameReserved);

/** POST /api/company/roles (roles:create; permission_ids also needs roles:assign_permissions when not empty). */
export const roleCreateSchema = z.object({
  name: roleNameField,
  description: z.string().trim().max(500).nullable().optional(),
  is_default: z.boolean().optional(),
  permission_ids: z.array(z.string().uuid()).max(500).optional(),
});
/** PUT /api/company/roles/:id (roles:edit). */
export const roleUpdateSchema = z.object({
  name: roleNameField,
  description: z.string().trim().max(500).nullable(),
  is_default: z.boolean(),
});
/** POST /api/company/roles/:id/permissions (roles:assign_permissions): replaces the set. */
export const rolePermissionsBodySchema = z.object({ permission_ids: z.array(z.string().uuid()).max(500) });
/** POST and DELETE /api/company/roles/:id/users (roles:assign_users). */
export const roleUsersBodySchema = z.object({
  user_ids: z.array(z.string().uuid(), { error: ACCOUNT_TEXTS.selectUsers }).min(1, ACCOUNT_TEXTS.selectUsers).max(500),
});

// ---------------------------------------------------------------------------------------------
// SuperAdmin platform (spec 1 « Superadmin dashboard », « Superadmin sample company »; design §5.2)

export const platformCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  status: z.enum(COMPANY_STATUSES),
  suspended: z.boolean(),
  plan: z.enum(PLANS),
  trial_ends_at: z.string().nullable(),
  users: z.number().int(),
  last_activity_at: z.string().nullable(),
  siret: z.string().nullable(),
  email_contact: z.string().nullable(),
  city: z.string().nullable(),
});
export type PlatformCompany = z.infer<typeof platformCompanySchema>;

export const platformAlertSchema = z.object({
  type: z.enum(["expiration", "inactivity"]),
  company_id: z.string(),
  company_name: z.string(),
  message: z.string(),
  date: z.string(),
});
export type PlatformAlert = z.infer<typeof platformAlertSchema>;

/** GET /api/superadmin/dashboard. */
export const platformDashboardSchema = z.object({
  kpis: z.object({
    companies: z.number().int(),
    active_subscriptions: z.number().int(),
    users: z.number().int(),
    alerts: z.number().int(),
    new_companies_this_month: z.number().int(),
  }),
  recent_companies: z.array(platformCompanySchema),
  alerts: z.array(platformAlertSchema),
});

/** GET /api/superadmin/companies?search=&status=&plan=&page=&limit= */
export const platformCompaniesQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(COMPANY_STATUSES).optional(),
  plan: z.enum(PLANS).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const platformCompaniesResponseSchema = z.object({
  data: z.array(platformCompanySchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});

/** POST /api/superadmin/companies: the company and its first administrator (invited). */
export const platformCompanyCreateSchema = z.object({
  name: z
    .string({ error: ACCOUNT_TEXTS.companyNameRequired })
    .trim()
    .min(1, ACCOUNT_TEXTS.companyNameRequired)
    .max(120),
  plan: z.enum(PLANS),
  siret: z.string().trim().max(20).nullable().optional(),
  email_contact: z.string().trim().max(254).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  admin: z.object({ email: emailField, full_name: fullNameField }),
  /** The end of the trial: by default, for the plan 'essai', today (Paris) + TRIAL_DAYS. */
  trial_ends_at: isoDay(ACCOUNT_TEXTS.trialEndsAtInvalid).nullable().optional(),
});
export type PlatformCompanyCreate = z.infer<typeof platformCompanyCreateSchema>;
export const platformCompanyCreatedSchema = z.object({ company: platformCompanySchema, link: accountLinkSchema });

/** PATCH /api/superadmin/companies/:id: the subscription (a move to 'essai' without a date gets today + TRIAL_DAYS). */
export const platformCompanyPatchSchema = z.object({
  plan: z.enum(PLANS).optional(),
  trial_ends_at: isoDay(ACCOUNT_TEXTS.trialEndsAtInvalid).nullable().optional(),
});
export type PlatformCompanyPatch = z.infer<typeof platformCompanyPatchSchema>;

// The texts, rules and constants live in account-rules.ts (zod-free, what a list screen needs); said here
// too for the server and the schemas' readers.
export {
  ACCOUNT_TEXTS,
  COMPANY_STATUSES,
  type CompanyStatus,
  companyStatus,
  INACTIVE_DAYS,
  INVITATION_DAYS,
  inactivityAlertMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TEXTS,
  PLAN_LABELS,
  PLANS,
  type Plan,
  passwordProblems,
  passwordStrength,
  RESET_HOURS,
  TRIAL_DAYS,
  TRIAL_ENDING_DAYS,
  trialAlertMessage,
} from "./account-rules";
