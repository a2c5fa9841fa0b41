import type { Scope } from "@server/db/client";
import type { AuthUser } from "@shared/auth";

/** Who is calling: attached to every authenticated request by the auth plugin. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  companyId: string | null;
  isSuperadmin: boolean;
  permissions: string[];
  user: AuthUser;
  scope: Scope;
}

/** The transaction scope of a user: their company, or the platform for the SuperAdmin. */
export function scopeFor(companyId: string | null): Scope {
  return companyId ? { companyId } : "platform";
}
