import { randomUUID } from "node:crypto";
import { users } from "@server/db/schema";
import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import type { TeamDetail, TeamListResponse } from "@shared/teams";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDemoTeams } from "./demo-teams";

const { app, db } = await setupApp();

describe("the demo teams", () => {
  it("give the company five more compagnons and three teams of two to four, each led, one person in two", async () => {
    const company = await createTestCompany(db, "Démo Équipes");
    // The demo company's chef d'équipe and compagnon accounts.
    await db.run("platform", async (tx) => {
      await tx.update(users).set({ fullName: "Marc Lefèvre" }).where(eq(users.email, company.emails.chef));
      await tx.update(users).set({ fullName: "Julien Moreau" }).where(eq(users.email, company.emails.compagnon));
    });
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    const domain = `demo-${randomUUID().slice(0, 8)}.fr`;
    await seedDemoTeams(db, admin, "demo1234", domain);

    // A new compagnon signs in with the demo password and holds the Compagnon role (no teams:view).
    const kevin = await login(app, `kevin.roux@${domain}`, "demo1234");
    expect(kevin.user.permissions).not.toContain("teams:view");

    const list = (await app.inject({ url: "/api/teams", headers: bearer(token) })).json() as TeamListResponse;
    const rows = list.data.map((t) => [t.name, t.leader?.full_name, t.member_count]);
    expect(rows.sort((x, y) => String(x[0]).localeCompare(String(y[0]), "fr"))).toEqual([
      ["Équipe Électricité", "Nicolas Petit", 3],
      ["Équipe Gros œuvre", "Antoine Garnier", 2],
      ["Équipe Plomberie", "Marc Lefèvre", 3],
    ]);
    const details = await Promise.all(
      list.data.map(
        async (t) => (await app.inject({ url: `/api/teams/${t.id}`, headers: bearer(token) })).json() as TeamDetail,
      ),
    );
    const names = details.flatMap((d) => d.members.map((m) => m.full_name));
    const twice = names.filter((n, i) => names.indexOf(n) !== i);
    expect(twice).toEqual(["Julien Moreau"]);
  });
});
