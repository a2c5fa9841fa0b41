import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@server/db/client";
import { accountTokens } from "@server/db/schema";
import { INVITATION_DAYS, RESET_HOURS } from "@shared/accounts";
import { and, eq, gt, isNull, sql } from "drizzle-orm";

/** The one-time links of accounts (docs/domain/accounts.md#links). */
export type AccountTokenKind = "invitation" | "password_reset";

const LIFETIME_MS: Record<AccountTokenKind, number> = {
  invitation: INVITATION_DAYS * 24 * 3600 * 1000,
  password_reset: RESET_HOURS * 3600 * 1000,
};

/** The path of the web page that opens a link of this kind. */
export const LINK_PATHS: Record<AccountTokenKind, string> = {
  invitation: "/invitation/",
  password_reset: "/reinitialiser/",
};

/** 32 random bytes, base64url: 256 bits, unguessable. Only its SHA-256 is stored. */
const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A token as it may come from a URL: 43 base64url characters, nothing else reaches the database. */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const accountTokensRepository = {
  /**
   * A new link for `userId`: the previous unused links of the same kind for that user stop working.
   * Answers the token (to show once, never stored nor logged) and the path and expiry of its link.
   */
  async issue(
    tx: Db,
    input: { userId: string; companyId: string | null; kind: AccountTokenKind; createdBy: string | null },
    now = new Date(),
  ): Promise<{ token: string; path: string; expiresAt: Date }> {
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(accountTokens.userId, input.userId), eq(accountTokens.kind, input.kind), isNull(accountTokens.usedAt)),
      );
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + LIFETIME_MS[input.kind]);
    await tx.insert(accountTokens).values({
      userId: input.userId,
      companyId: input.companyId,
      kind: input.kind,
      tokenHash: hashOf(token),
      expiresAt,
      createdBy: input.createdBy,
    });
    return { token, path: `${LINK_PATHS[input.kind]}${token}`, expiresAt };
  },

  /** Kills the user's unused links of `kind` (a password changed: his reset link dies). */
  async revoke(tx: Db, userId: string, kind: AccountTokenKind): Promise<void> {
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
  },

  /** The live link of this token and kind (unused, not expired), or undefined. Run in the platform scope. */
  async find(
    tx: Db,
    token: string,
    kind: AccountTokenKind,
  ): Promise<{ id: string; userId: string; companyId: string | null; expiresAt: Date } | undefined> {
    if (!TOKEN_RE.test(token)) return undefined;
    const [row] = await tx
      .select({
        id: accountTokens.id,
        userId: accountTokens.userId,
        companyId: accountTokens.companyId,
        expiresAt: accountTokens.expiresAt,
      })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.tokenHash, hashOf(token)),
          eq(accountTokens.kind, kind),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, sql`now()`),
        ),
      );
    return row;
  },

  /**
   * Uses the link: true for the one caller that marks it used (two concurrent uses: one wins, the
   * other gets false). Run in the same transaction as what the link does.
   */
  async consume(tx: Db, id: string): Promise<boolean> {
    const used = await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)))
      .returning({ id: accountTokens.id });
    return used.length === 1;
  },
};
