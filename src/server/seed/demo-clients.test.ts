import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import { sirenOf, siretIssue, vatNumberIssue } from "@shared/client-rules";
import type { ClientListResponse } from "@shared/clients";
import {
  isValidBic,
  isValidFrenchVat,
  isValidIban,
  isValidSiren,
  isValidSiret,
  normaliseSiret,
  normaliseVatNumber,
} from "@shared/einvoice-rules";
import { describe, expect, it } from "vitest";
import { seedDemoBook } from "./demo-data";

const { app, db } = await setupApp();

describe("the demo client book", () => {
  it("mixes individuals and businesses whose SIRET and VAT number pass their keys, with contacts and worksites; the company's identifiers and IBAN pass theirs", async () => {
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

    // The company: a SIRET, its SIREN, its VAT number and an IBAN that pass their keys (a Factur-X seller).
    const identity = (await app.inject({ url: "/api/company/info", headers: bearer(token) })).json();
    expect(identity).toMatchObject({ iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" });
    expect(isValidSiret(identity.siret)).toBe(true);
    expect(isValidSiren(normaliseSiret(identity.siret).slice(0, 9))).toBe(true);
    expect(isValidFrenchVat(identity.tva_number)).toBe(true);
    expect(normaliseVatNumber(identity.tva_number).slice(4)).toBe(normaliseSiret(identity.siret).slice(0, 9));
    expect(isValidIban(identity.iban)).toBe(true);
    expect(isValidBic(identity.bic)).toBe(true);
  });
});
