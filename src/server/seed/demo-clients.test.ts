import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import { sirenOf, siretIssue, vatNumberIssue } from "@shared/client-rules";
import type { ClientListResponse } from "@shared/clients";
import { describe, expect, it } from "vitest";
import { seedDemoBook } from "./demo-data";

const { app, db } = await setupApp();

describe("the demo client book", () => {
  it("mixes individuals and businesses whose SIRET and VAT number pass their keys, with contacts and worksites", async () => {
    const company = await createTestCompany(db, "Démo Clients");
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoBook(db, admin);

    const list = (
      await app.inject({ url: "/api/clients?limit=1000", headers: bearer(token) })
    ).json() as ClientListResponse;
    expect(list.meta.total).toBe(14);
    const businesses = list.data.filter((c) => c.type === "professionnel");
    expect(businesses.map((c) => c.name).sort()).toEqual([
      "Boulangerie Moreau",
      "Cabinet dentaire Dr Faure",
      "Mairie de Charbonnières",
      "Restaurant Le Bouchon Vert",
      "Résidence Bellecour",
      "SCI Les Terrasses",
    ]);
    for (const business of businesses) {
      expect(business.contacts.length, business.name).toBeGreaterThan(0);
      if (business.siret) expect(siretIssue(business.siret), business.name).toBeNull();
      if (business.vat_number) expect(vatNumberIssue(business.vat_number, sirenOf(business.siret))).toBeNull();
    }
    expect(businesses.filter((c) => c.siret && c.vat_number).length).toBeGreaterThanOrEqual(4);
    const town = list.data.find((c) => c.name === "Mairie de Charbonnières");
    expect(town?.addresses.map((a) => a.label)).toEqual(["École Jean Moulin", "Salle des fêtes"]);
    expect(list.data.find((c) => c.name === "M. Karim Benali")).toMatchObject({ civility: "M.", first_name: "Karim" });
  });
});
