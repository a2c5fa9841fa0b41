import type { Database, Db } from "@server/db/client";
import { type AuthContext, idOr404, permissions, tenant } from "@server/lib/access";
import { errors } from "@server/lib/errors";
import { isUniqueViolation } from "@server/lib/pg-errors";
import type { ExpectedVersion } from "@server/lib/versions";
import {
  ACCOUNT_TEXTS,
  type AccountLink,
  type accountLinkInfoSchema,
  type accountPatchSchema,
  type accountSchema,
  type CompanyUser,
  type companyUserPatchSchema,
  type InvitationBody,
  type invitationResponseSchema,
  type passwordChangeSchema,
  passwordProblems,
} from "@shared/accounts";
import type { LoginResponse } from "@shared/auth";
import { MESSAGES } from "@shared/errors";
import type { z } from "zod";
import { authQueries, throttleQueries } from "../auth/auth.queries";
import type { AuthService } from "../auth/auth.service";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { mailAccountLink } from "../messages/account-mails";
import { assertCompanyKeepsAnAdmin, lockCompanyAccounts } from "../users/admin-guard";
import { assertCanGrant, assertMayActOn } from "../users/grants";
import { rolesQueries, usersQueries } from "../users/users.queries";
import { type AccountTokenKind, accountTokensRepository } from "./account-tokens";
import { accountsRepository, type LinkAccount } from "./accounts.repository";

/** Who may invite, (de)activate and hand out reset links (spec 3 §6, docs/domain/accounts.md#links-activation-and-account). */
export const ACCOUNTS_ACCESS = permissions({
  invite: "users:create",
  reinvite: "users:create",
  update: "users:edit",
  passwordReset: "users:edit",
});

/**
 * The public link pages, per client IP: `ipLimit` invalid links (unknown, used, expired) within
 * `windowMinutes`, then `windowMinutes` of 429 for every link request of that IP. Counted in the
 * login's throttle table (key `link-ip:<ip>`), apart from the sign-in's counters.
 */
export const LINK_THROTTLE = { ipLimit: 20, windowMinutes: 15 } as const;

const noCompany = ACCOUNT_TEXTS.companyRequired;
const INVALID: Record<AccountTokenKind, string> = {
  invitation: ACCOUNT_TEXTS.invitationInvalid,
  password_reset: ACCOUNT_TEXTS.resetInvalid,
};

type RequestMeta = { ip: string; userAgent: string | null };
type LinkInfo = z.infer<typeof accountLinkInfoSchema>;
type Account = z.infer<typeof accountSchema>;

const linkOf = (issued: { path: string; expiresAt: Date }): AccountLink => ({
  path: issued.path,
  expires_at: issued.expiresAt.toISOString(),
});

/** Who sends a link's mail: the administrator who issued it (docs/domain/messages.md#accounts-mails). */
const sender = (auth: AuthContext) => ({ id: auth.userId, name: auth.user.full_name });

/** 400 with the policy's first problem as the message and every problem in the details. */
function assertPasswordPolicy(password: string, account: { email: string; fullName: string }, path: string): void {
  const problems = passwordProblems(password, { email: account.email, fullName: account.fullName });
  const [first] = problems;
  if (first)
    throw errors.validation(
      first,
      problems.map((message) => ({ path, message })),
    );
}

/** A link signs its user in: refused as the login refuses (deactivated account, suspended company). */
function assertMaySignIn(account: LinkAccount): void {
  if (!account.isActive) throw errors.forbidden(MESSAGES.accountDisabled);
  if (account.companyId && account.companyStatus !== "active") throw errors.forbidden(MESSAGES.companySuspended);
}

export function createAccountsService(db: Database, authService: AuthService) {
  /** The company's user as the administration shows it (S1's row), after a change. */
  async function shown(tx: Db, companyId: string, id: string): Promise<CompanyUser> {
    const user = await usersQueries.find(tx, companyId, id);
    if (!user) throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
    return user;
  }

  async function companyUserOr404(tx: Db, companyId: string, id: string) {
    const user = await accountsRepository.companyUser(tx, companyId, id);
    if (!user) throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
    return user;
  }

  const ipKey = (ip: string) => `link-ip:${ip}`;

  async function assertNotThrottled(tx: Db, ip: string): Promise<void> {
    const wait = await throttleQueries.blockedFor(tx, [ipKey(ip)]);
    if (wait > 0) throw errors.tooManyRequests(ACCOUNT_TEXTS.tooManyAttempts, wait);
  }

  /** Counts an invalid link for the IP (its own transaction: the 404 rolls the caller's back) and answers 404. */
  async function invalidLink(kind: AccountTokenKind, ip: string): Promise<never> {
    await db.run("platform", (tx) =>
      throttleQueries.recordFailure(tx, ipKey(ip), LINK_THROTTLE.ipLimit, LINK_THROTTLE.windowMinutes),
    );
    throw errors.notFound(INVALID[kind]);
  }

  /** The live link of `token` and its account, or undefined (an invitation of an account that has a password is dead). */
  async function openLink(tx: Db, kind: AccountTokenKind, token: string) {
    const link = await accountTokensRepository.find(tx, token, kind);
    if (!link) return undefined;
    const account = await accountsRepository.linkAccount(tx, link.userId);
    if (!account || (kind === "invitation" && account.hasPassword)) return undefined;
    return { link, account };
  }

  return {
    /**
     * Invites a colleague: the account without a password (cannot sign in), its roles (the company's
     * default roles when none is chosen) and a 7-day link. 409 for an e-mail known anywhere on the
     * platform; 400 for a role not of the company or giving a permission the inviter lacks.
     */
    async invite(auth: AuthContext, body: InvitationBody): Promise<z.infer<typeof invitationResponseSchema>> {
      const t = tenant(auth, ACCOUNTS_ACCESS.invite, noCompany);
      const asked = [...new Set(body.role_ids)];
      try {
        return await db.run(t.scope, async (tx) => {
          const roleIds = asked.length > 0 ? asked : await accountsRepository.defaultRoleIds(tx, t.companyId);
          const known = new Set(await rolesQueries.companyRoleIds(tx, t.companyId, roleIds));
          if (roleIds.some((id) => !known.has(id))) {
            throw errors.validation(ACCOUNT_TEXTS.unknownRole, [
              { path: "role_ids", message: ACCOUNT_TEXTS.unknownRole },
            ]);
          }
          assertCanGrant(auth, await rolesQueries.codesOfRoles(tx, t.companyId, roleIds), "role_ids");
          if ((await usersQueries.emailsTaken(tx, [body.email])).length > 0) {
            throw errors.conflict(ACCOUNT_TEXTS.emailTaken);
          }
          const userId = await usersQueries.create(tx, {
            companyId: t.companyId,
            email: body.email,
            fullName: body.full_name,
            passwordHash: null,
            roleIds,
          });
          const issued = await accountTokensRepository.issue(tx, {
            userId,
            companyId: t.companyId,
            kind: "invitation",
            createdBy: auth.userId,
          });
          await mailAccountLink(tx, {
            companyId: t.companyId,
            kind: "invitation",
            to: body.email,
            fullName: body.full_name,
            path: issued.path,
            createdBy: sender(auth),
          });
          return { user: await shown(tx, t.companyId, userId), link: linkOf(issued) };
        });
      } catch (error) {
        // Another account took the e-mail between the check and the insert.
        if (isUniqueViolation(error, "users_email_lower_key")) throw errors.conflict(ACCOUNT_TEXTS.emailTaken);
        throw error;
      }
    },

    /**
     * A new invitation link for a user who has not chosen a password yet (the previous link dies); 403
     * for a user who holds a permission the caller lacks (no takeover).
     */
    async reinvite(auth: AuthContext, id: string): Promise<z.infer<typeof invitationResponseSchema>> {
      const t = tenant(auth, ACCOUNTS_ACCESS.reinvite, noCompany);
      const userId = idOr404(id, ACCOUNT_TEXTS.userNotFound);
      return db.run(t.scope, async (tx) => {
        const user = await companyUserOr404(tx, t.companyId, userId);
        await assertMayActOn(tx, auth, t.companyId, [userId]);
        if (user.hasPassword) throw errors.conflict(ACCOUNT_TEXTS.alreadyActivated);
        const issued = await accountTokensRepository.issue(tx, {
          userId,
          companyId: t.companyId,
          kind: "invitation",
          createdBy: auth.userId,
        });
        await mailAccountLink(tx, {
          companyId: t.companyId,
          kind: "invitation",
          to: user.email,
          fullName: user.fullName,
          path: issued.path,
          createdBy: sender(auth),
        });
        return { user: await shown(tx, t.companyId, userId), link: linkOf(issued) };
      });
    },

    /**
     * Renames, deactivates or reactivates a user. Deactivating revokes every session of the user in the
     * same transaction (his next request answers 401) and is refused for oneself and for the company's
     * last administrator (lockCompanyAccounts first, assertCompanyKeepsAnAdmin last). Another user who
     * holds a permission the caller lacks: 403 (no takeover).
     */
    async update(
      auth: AuthContext,
      id: string,
      patch: z.infer<typeof companyUserPatchSchema>,
      version?: ExpectedVersion,
    ): Promise<CompanyUser> {
      const t = tenant(auth, ACCOUNTS_ACCESS.update, noCompany);
      const userId = idOr404(id, ACCOUNT_TEXTS.userNotFound);
      const deactivating = patch.is_active === false;
      return db.run(t.scope, async (tx) => {
        if (deactivating) await lockCompanyAccounts(tx, t.companyId);
        const user = await companyUserOr404(tx, t.companyId, userId);
        await accountsRepository.lockVersion(tx, t.companyId, userId, version);
        if (deactivating && userId === auth.userId) throw errors.conflict(ACCOUNT_TEXTS.cannotDeactivateSelf);
        await assertMayActOn(tx, auth, t.companyId, [userId]);
        await accountsRepository.updateCompanyUser(tx, t.companyId, userId, {
          fullName: patch.full_name,
          isActive: patch.is_active,
        });
        if (deactivating && user.isActive) {
          await authQueries.revokeUserSessions(tx, userId, "user_deactivated");
          await assertCompanyKeepsAnAdmin(tx, t.companyId);
        }
        return shown(tx, t.companyId, userId);
      });
    },

    /**
     * A 24-hour reset link for a user who has a password (the previous reset link dies); 403 for a user
     * who holds a permission the caller lacks (no takeover).
     */
    async passwordReset(auth: AuthContext, id: string): Promise<AccountLink> {
      const t = tenant(auth, ACCOUNTS_ACCESS.passwordReset, noCompany);
      const userId = idOr404(id, ACCOUNT_TEXTS.userNotFound);
      return db.run(t.scope, async (tx) => {
        const user = await companyUserOr404(tx, t.companyId, userId);
        await assertMayActOn(tx, auth, t.companyId, [userId]);
        if (!user.hasPassword) throw errors.conflict(ACCOUNT_TEXTS.invitationStillPending);
        const issued = await accountTokensRepository.issue(tx, {
          userId,
          companyId: t.companyId,
          kind: "password_reset",
          createdBy: auth.userId,
        });
        await mailAccountLink(tx, {
          companyId: t.companyId,
          kind: "password_reset",
          to: user.email,
          fullName: user.fullName,
          path: issued.path,
          createdBy: sender(auth),
        });
        return linkOf(issued);
      });
    },

    /** Public: who the link is for (the page greets the invitee); 404 for a link unknown, used or expired. */
    async linkInfo(kind: AccountTokenKind, token: string, meta: RequestMeta): Promise<LinkInfo> {
      const found = await db.run("platform", async (tx) => {
        await assertNotThrottled(tx, meta.ip);
        return openLink(tx, kind, token);
      });
      if (!found) return invalidLink(kind, meta.ip);
      assertMaySignIn(found.account);
      return {
        email: found.account.email,
        full_name: found.account.fullName,
        company_name: found.account.companyName,
        expires_at: found.link.expiresAt.toISOString(),
      };
    },

    /**
     * Public: sets the password through the link, uses the link up (one caller wins, the other gets
     * 404) and signs in exactly as the login does. A reset first revokes every session of the user.
     */
    async useLink(kind: AccountTokenKind, token: string, password: string, meta: RequestMeta): Promise<LoginResponse> {
      const signedIn = await db.run("platform", async (tx) => {
        await assertNotThrottled(tx, meta.ip);
        const found = await openLink(tx, kind, token);
        if (!found) return undefined;
        const { account, link } = found;
        assertMaySignIn(account);
        assertPasswordPolicy(password, account, "password");
        const hash = await hashPassword(password);
        if (!(await accountTokensRepository.consume(tx, link.id))) return undefined;
        await accountsRepository.setPassword(tx, account.id, hash);
        if (kind === "password_reset") await authQueries.revokeUserSessions(tx, account.id, "password_reset");
        return authService.openSession(tx, { id: account.id, companyId: account.companyId }, meta);
      });
      return signedIn ?? invalidLink(kind, meta.ip);
    },

    /** « Mon compte »: any signed-in user, SuperAdmin included. */
    async account(auth: AuthContext): Promise<Account> {
      const account = await db.run(auth.scope, (tx) => accountsRepository.account(tx, auth.userId));
      if (!account) throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
      return account;
    },

    async updateAccount(auth: AuthContext, patch: z.infer<typeof accountPatchSchema>): Promise<Account> {
      const account = await db.run(auth.scope, async (tx) => {
        await accountsRepository.rename(tx, auth.userId, patch.full_name);
        return accountsRepository.account(tx, auth.userId);
      });
      if (!account) throw errors.notFound(ACCOUNT_TEXTS.userNotFound);
      return account;
    },

    /**
     * A new password: the current one must be given (400 currentPasswordWrong), the policy applies,
     * and every other session of the user is revoked; the one making the change keeps working. A live
     * reset link of his dies.
     */
    async changePassword(auth: AuthContext, body: z.infer<typeof passwordChangeSchema>): Promise<void> {
      const current = await db.run(auth.scope, (tx) => accountsRepository.passwordHash(tx, auth.userId));
      if (!current || !(await verifyPassword(current, body.current_password))) {
        throw errors.validation(ACCOUNT_TEXTS.currentPasswordWrong, [
          { path: "current_password", message: ACCOUNT_TEXTS.currentPasswordWrong },
        ]);
      }
      assertPasswordPolicy(
        body.new_password,
        { email: auth.user.email, fullName: auth.user.full_name },
        "new_password",
      );
      const hash = await hashPassword(body.new_password);
      await db.run(auth.scope, async (tx) => {
        await accountsRepository.setPassword(tx, auth.userId, hash);
        await accountsRepository.revokeOtherSessions(tx, auth.userId, auth.sessionId, "password_changed");
        // A reset link issued before does not outlive the password the user chose himself (issue 31).
        await accountTokensRepository.revoke(tx, auth.userId, "password_reset");
      });
    },
  };
}
