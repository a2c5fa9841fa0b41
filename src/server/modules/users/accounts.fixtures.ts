/** What the accounts HTTP tests share (users, roles, links): a company's signed-in crew and its roles. */

import type { Database } from "@server/db/client";
import { roles } from "@server/db/schema";
import { bearer, createTestCompany, login, type setupApp, type TestCompany } from "@server/test/helpers";
import { eq } from "drizzle-orm";

type App = Awaited<ReturnType<typeof setupApp>>["app"];

/** A company of the tests: its tokens, its users' ids and its default roles' ids. */
export interface Crew extends TestCompany {
  token: { admin: string; chef: string; compagnon: string; norole: string };
  ids: { admin: string; chef: string; compagnon: string; norole: string };
  roles: { admin: string; chef: string; compagnon: string };
  /** The administrator's sign-in answer. */
  adminLogin: Awaited<ReturnType<typeof login>>;
}

/** `crew(name)`: a new company, each of its accounts signed in. */
export function crewOf(app: App, db: Database) {
  return async function crew(name: string): Promise<Crew> {
    const company = await createTestCompany(db, name);
    const admin = await login(app, company.emails.admin);
    const chef = await login(app, company.emails.chef);
    const compagnon = await login(app, company.emails.compagnon);
    const norole = await login(app, company.emails.norole);
    const rows = await db.run("platform", (tx) =>
      tx.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.companyId, company.id)),
    );
    const roleId = (n: string) => rows.find((r) => r.name === n)?.id ?? "";
    return {
      ...company,
      token: { admin: admin.token, chef: chef.token, compagnon: compagnon.token, norole: norole.token },
      ids: { admin: admin.user.id, chef: chef.user.id, compagnon: compagnon.user.id, norole: norole.user.id },
      roles: { admin: roleId("Administrateur"), chef: roleId("Chef d'équipe"), compagnon: roleId("Compagnon") },
      adminLogin: admin,
    };
  };
}

/** `api(token, method, url, payload?)` through `app.inject` with the bearer token. */
export function apiOf(app: App) {
  return (token: string, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}
