import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNITS } from "./documents/lines";
import {
  bicIssue,
  countryCode,
  EINVOICE_TEXTS,
  formatIban,
  frenchVatIssue,
  ibanIssue,
  isValidBic,
  isValidFrenchVat,
  isValidIban,
  isValidSiren,
  isValidSiret,
  luhnValid,
  sirenIssue,
  sirenOfVatNumber,
  siretIssue,
  UNIT_CODES,
  unitCode,
  vatCategory,
  vatExemption,
  vatNumberFromSiren,
  vatNumberIssue,
} from "./einvoice-rules";

describe("units (UN/ECE Recommendation 20)", () => {
  it("gives every unit of a line its code", () => {
    expect(UNITS.map((u) => [u, unitCode(u)])).toEqual([
      ["unité", "C62"],
      ["heure", "HUR"],
      ["jour", "DAY"],
      ["m²", "MTK"],
      ["m", "MTR"],
      ["ml", "LM"],
      ["kg", "KGM"],
      ["forfait", "LS"],
    ]);
    expect(Object.keys(UNIT_CODES).sort()).toEqual([...UNITS].sort());
  });

  it("counts a unit outside the list, or none, as a unit", () => {
    expect(unitCode("")).toBe("C62");
    expect(unitCode(null)).toBe("C62");
    expect(unitCode("palette")).toBe("C62");
  });
});

describe("VAT categories", () => {
  const normal = { vat_franchise: false, reverse_charge: false };
  it("S for a rate above 0, Z for 0 under the normal regime", () => {
    expect([20, 10, 5.5, 2.1].map((r) => vatCategory(r, normal))).toEqual(["S", "S", "S", "S"]);
    expect(vatCategory(0, normal)).toBe("Z");
  });

  it("E under the franchise, AE under reverse charge, whatever the rate", () => {
    expect(vatCategory(0, { vat_franchise: true, reverse_charge: false })).toBe("E");
    expect(vatCategory(20, { vat_franchise: true, reverse_charge: true })).toBe("E");
    expect(vatCategory(0, { vat_franchise: false, reverse_charge: true })).toBe("AE");
  });

  it("gives E and AE their exemption reason and code, S and Z none", () => {
    expect(vatExemption("E")).toEqual({ text: "TVA non applicable, art. 293 B du CGI", code: "VATEX-FR-FRANCHISE" });
    expect(vatExemption("AE")).toEqual({ text: "Autoliquidation", code: "VATEX-EU-AE" });
    expect(vatExemption("S")).toBeNull();
    expect(vatExemption("Z")).toBeNull();
  });
});

/** The Luhn key digit that makes `body` + key valid. */
const withKey = (body: string) => {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return `${body}${d}`;
  throw new Error("no key");
};
const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(""));

describe("SIREN and SIRET", () => {
  it("accepts a SIREN and a SIRET whose Luhn key is right, spaces or not", () => {
    expect(isValidSiren("812 345 676")).toBe(true);
    expect(isValidSiret("812 345 676 00017")).toBe(true);
    expect(isValidSiret("81234567600017")).toBe(true);
    expect(sirenIssue("812345676")).toBeNull();
    expect(siretIssue("81234567600017")).toBeNull();
  });

  it("refuses a wrong key, a wrong length, letters — with the French text", () => {
    expect(sirenIssue("812345677")).toBe(EINVOICE_TEXTS.sirenKey);
    expect(sirenIssue("81234567")).toBe(EINVOICE_TEXTS.sirenFormat);
    expect(siretIssue("81234567600018")).toBe(EINVOICE_TEXTS.siretKey);
    expect(siretIssue("8123456760001A")).toBe(EINVOICE_TEXTS.siretFormat);
    expect(isValidSiret("812345676")).toBe(false);
  });

  it("refuses a SIRET whose Luhn key is right but whose SIREN's is not", () => {
    // 812345677 fails Luhn; the establishment number is chosen so that the 14 digits pass it.
    const siret = withKey("8123456770001");
    expect(luhnValid(siret)).toBe(true);
    expect(isValidSiret(siret)).toBe(false);
  });

  it("keys La Poste's establishments by the sum of their digits (a multiple of 5)", () => {
    // 3 + 5 + 6 + 1 = 15: a multiple of 5, though the Luhn key is wrong.
    expect(luhnValid("35600000000001")).toBe(false);
    expect(isValidSiret("35600000000001")).toBe(true);
    expect(isValidSiret("35600000000002")).toBe(luhnValid("35600000000002"));
  });

  it("any 8 digits with their key make a valid SIREN; changing one digit breaks it", () => {
    fc.assert(
      fc.property(digits(8), fc.integer({ min: 0, max: 8 }), (body, at) => {
        const siren = withKey(body);
        expect(isValidSiren(siren)).toBe(true);
        const changed = `${siren.slice(0, at)}${(Number(siren[at]) + 1) % 10}${siren.slice(at + 1)}`;
        expect(isValidSiren(changed)).toBe(false);
      }),
    );
  });
});

describe("French VAT number", () => {
  it("accepts FR + the SIREN's key + the SIREN, in any case and spacing", () => {
    expect(isValidFrenchVat("FR19812345676")).toBe(true);
    expect(isValidFrenchVat("fr 19 812 345 676")).toBe(true);
    expect(frenchVatIssue("FR19812345676")).toBeNull();
  });

  it("refuses a wrong key, an invalid SIREN, another shape", () => {
    expect(frenchVatIssue("FR20812345676")).toBe(EINVOICE_TEXTS.vatKey);
    expect(frenchVatIssue("FR12345678901")).not.toBeNull();
    expect(frenchVatIssue("DE123456789")).toBe(EINVOICE_TEXTS.vatFormat);
    expect(frenchVatIssue("FR1981234567")).toBe(EINVOICE_TEXTS.vatFormat);
  });

  it("checks any member state's number where it is entered: a French one by its keys, others by their shape", () => {
    expect(vatNumberIssue("fr 19 812 345 676")).toBeNull();
    expect(vatNumberIssue("FR20812345676")).toBe(EINVOICE_TEXTS.vatKey);
    // The right key of 9 digits that are no SIREN.
    expect(vatNumberIssue(vatNumberFromSiren("812345677"))).toBe(EINVOICE_TEXTS.vatSiren);
    expect(vatNumberIssue("FR1981234567")).toBe(EINVOICE_TEXTS.vatFormat);
    // A letter key has no SIREN-derived key to check; other states are checked by their own.
    expect(vatNumberIssue("FRAB812345676")).toBeNull();
    expect(vatNumberIssue("BE0123456789")).toBeNull();
    expect(vatNumberIssue("DE 123 456 789")).toBeNull();
    expect(vatNumberIssue("12")).toBe(EINVOICE_TEXTS.vatFormat);
    expect(vatNumberIssue("")).toBe(EINVOICE_TEXTS.vatFormat);
  });

  it("reads the SIREN a French number holds", () => {
    expect(sirenOfVatNumber("FR 19 812 345 676")).toBe("812345676");
    expect(sirenOfVatNumber("BE0123456789")).toBeNull();
  });
});

describe("IBAN (ISO 13616)", () => {
  it("is read in groups of 4", () => {
    expect(formatIban("fr7630004008230001045678943")).toBe("FR76 3000 4008 2300 0104 5678 943");
    expect(formatIban("FR76 3000 4008 2300 0104 5678 9430")).toBe("FR76 3000 4008 2300 0104 5678 9430");
    expect(formatIban("FR7630004008230001045678943", "\u00a0")).toBe(
      "FR76\u00a03000\u00a04008\u00a02300\u00a00104\u00a05678\u00a0943",
    );
  });

  it("accepts a right IBAN, spaces ignored", () => {
    expect(isValidIban("FR76 3000 6000 0112 3456 7890 189")).toBe(true);
    expect(isValidIban("fr7630006000011234567890189")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("BE68 5390 0754 7034")).toBe(true);
  });

  it("refuses a wrong key, a French IBAN not of 27 characters, a wrong shape", () => {
    expect(ibanIssue("FR76 3000 6000 0112 3456 7890 188")).toBe(EINVOICE_TEXTS.ibanKey);
    expect(ibanIssue("FR76 3000 6000 0112 3456 7890 18")).toBe(EINVOICE_TEXTS.ibanLength("FR", 27));
    expect(ibanIssue("7630006000011234567890189")).toBe(EINVOICE_TEXTS.ibanFormat);
    expect(ibanIssue("")).toBe(EINVOICE_TEXTS.ibanFormat);
  });

  it("catches any single changed digit of a right IBAN", () => {
    const iban = "FR7630006000011234567890189";
    fc.assert(
      fc.property(fc.integer({ min: 4, max: iban.length - 1 }), fc.integer({ min: 1, max: 9 }), (at, step) => {
        const changed = `${iban.slice(0, at)}${(Number(iban[at]) + step) % 10}${iban.slice(at + 1)}`;
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });
});

describe("BIC (ISO 9362)", () => {
  it("accepts 8 or 11 characters: institution, country, location, branch", () => {
    expect(isValidBic("AGRIFRPP")).toBe(true);
    expect(isValidBic("agri fr pp 882")).toBe(true);
    expect(isValidBic("BNPAFRPPXXX")).toBe(true);
  });

  it("refuses another length or a country with digits", () => {
    expect(bicIssue("AGRIFRP")).toBe(EINVOICE_TEXTS.bicFormat);
    expect(bicIssue("AGRIFRPP88")).toBe(EINVOICE_TEXTS.bicFormat);
    expect(bicIssue("AGRI12PP")).toBe(EINVOICE_TEXTS.bicFormat);
  });
});

describe("countries", () => {
  it("reads a company's country as typed", () => {
    expect(countryCode(null)).toBe("FR");
    expect(countryCode("France")).toBe("FR");
    expect(countryCode("Belgique")).toBe("BE");
    expect(countryCode("pays-bas")).toBe("NL");
    expect(countryCode("CH")).toBe("CH");
    expect(countryCode("Atlantide")).toBeNull();
  });
});
