import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { InvoiceSeller } from "./invoice-seller";
import { setupInvoicesTest } from "./invoices.fixtures";

/**
 * The seller an issued invoice freezes carries the company's bank account (docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants):
 * the Factur-X's payee account reads it from the snapshot, never from the live settings.
 */

const t = await setupInvoicesTest();
const { api, admin } = t;

const IDENTITY = {
  name: "Factures SARL",
  address1: "8 avenue Jean Jaurès",
  address2: null,
  zip_code: "69007",
  city: "Lyon",
  country: "France",
  phone_contact: "04 78 61 20 45",
  email_contact: "contact@factures.fr",
  website: null,
  siret: "523 456 788 00018",
  tva_number: "FR31523456788",
  legal_form: "SARL",
  share_capital: "10 000 €",
  registration: "RCS Lyon 523 456 788",
  insurer_name: null,
  insurer_policy: null,
  insurance_coverage: null,
  vat_franchise: false,
};

const snapshotOf = async (id: string) =>
  (
    await t.db.run("platform", (tx) =>
      tx.execute<{ seller: InvoiceSeller }>(sql`SELECT seller_snapshot AS seller FROM invoices WHERE id = ${id}`),
    )
  ).rows[0]?.seller;

const putIdentity = async (bank: { iban: string | null; bic: string | null }) => {
  const res = await api(admin, "PUT", "/api/company/info", { ...IDENTITY, ...bank });
  expect(res.statusCode, res.body).toBe(200);
};

describe("the seller frozen at issue", () => {
  it("carries the company's IBAN and BIC as stored (normalised), and keeps them when the settings change", async () => {
    await putIdentity({ iban: "fr76 3000 4008 2300 0104 5678 943", bic: "bnpafrppxxx" });
    const invoice = await t.issue((await t.createInvoice()).id);
    expect(await snapshotOf(invoice.id)).toMatchObject({
      siret: "523 456 788 00018",
      siren: "523456788",
      tva_number: "FR31523456788",
      iban: "FR7630004008230001045678943",
      bic: "BNPAFRPPXXX",
    });

    await putIdentity({ iban: null, bic: null });
    expect(await snapshotOf(invoice.id)).toMatchObject({ iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" });
    // An invoice issued without an account says so.
    const without = await t.issue((await t.createInvoice()).id);
    expect(await snapshotOf(without.id)).toMatchObject({ iban: null, bic: null });
  });
});
