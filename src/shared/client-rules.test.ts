import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CLIENT_TEXTS,
  type ClientIdentity,
  clientDisplayName,
  formatSiret,
  frenchVatKey,
  identityOfType,
  LEGAL_FORM_WORDS,
  legacyIdentity,
  looksLikeBusiness,
  luhnValid,
  normaliseSiret,
  normaliseVatNumber,
  normaliseWords,
  sirenOf,
  siretIssue,
  siretKeyValid,
  vatNumberFromSiren,
  vatNumberIssue,
} from "./client-rules";
import { EINVOICE_TEXTS } from "./einvoice-rules";

/** The Luhn key digit that makes `body` + key valid. */
function luhnKey(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  throw new Error("no key");
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((a) => a.join(""));
/** A SIREN whose key is right (8 digits and their Luhn key). */
const validSiren = digits(8).map((body) => `${body}${luhnKey(body)}`);
/** A SIRET whose keys are right (its SIREN's and its own), outside La Poste. */
const validSiret = fc
  .tuple(validSiren, digits(4))
  .filter(([siren]) => siren !== "356000000")
  .map(([siren, nic]) => `${siren}${nic}${luhnKey(`${siren}${nic}`)}`);

describe("clientDisplayName", () => {
  it("writes an individual as civility, first name and last name, a business as its raison sociale", () => {
    const person: ClientIdentity = {
      type: "particulier",
      civility: "Mme",
      first_name: "Claire",
      last_name: "Martin",
      company_name: null,
    };
    expect(clientDisplayName(person)).toBe("Mme Claire Martin");
    expect(clientDisplayName({ ...person, civility: null })).toBe("Claire Martin");
    expect(clientDisplayName({ ...person, civility: "M.", first_name: null, last_name: "Dupont" })).toBe("M. Dupont");
    expect(clientDisplayName({ ...person, type: "professionnel", company_name: "SARL Dupont" })).toBe("SARL Dupont");
  });

  it("keeps only the fields of the client's type", () => {
    const mixed: ClientIdentity = {
      type: "professionnel",
      civility: "M.",
      first_name: "Jean",
      last_name: "Dupont",
      company_name: "SCI Les Tilleuls",
    };
    expect(identityOfType(mixed)).toEqual({
      type: "professionnel",
      civility: null,
      first_name: null,
      last_name: null,
      company_name: "SCI Les Tilleuls",
    });
    expect(identityOfType({ ...mixed, type: "particulier" })).toEqual({
      type: "particulier",
      civility: "M.",
      first_name: "Jean",
      last_name: "Dupont",
      company_name: null,
    });
  });
});

describe("legacyIdentity (the migration's rule, ADR 0012)", () => {
  it.each([
    ["SARL Dupont & Fils", "professionnel"],
    ["Dupont SAS", "professionnel"],
    ["sci les terrasses", "professionnel"],
    ["Mairie de Charbonnières", "professionnel"],
    ["École Jean Moulin", "professionnel"],
    ["ECOLE PRIMAIRE", "professionnel"],
    ["Association Les Amis du Parc", "professionnel"],
    ["Copropriété « Le Parc »", "professionnel"],
    ["Résidence Bellecour", "professionnel"],
    ["Martin EI", "professionnel"],
    ["Sasha Martin", "particulier"],
    ["Famille Lefèvre", "particulier"],
    ["Marc-Antoine Sarlat", "particulier"],
    ["Hélène et Marc Girard", "particulier"],
  ])("reads « %s » as %s", (name, type) => {
    expect(legacyIdentity(name).type).toBe(type);
  });

  it("makes a business of the whole name, an individual of the whole name or of « M. / Mme first last »", () => {
    expect(legacyIdentity("SARL Dupont")).toEqual({
      type: "professionnel",
      civility: null,
      first_name: null,
      last_name: null,
      company_name: "SARL Dupont",
    });
    expect(legacyIdentity("Mme Claire Martin")).toMatchObject({
      civility: "Mme",
      first_name: "Claire",
      last_name: "Martin",
    });
    expect(legacyIdentity("M. Jean-Pierre de la Tour")).toMatchObject({
      civility: "M.",
      first_name: "Jean-Pierre",
      last_name: "de la Tour",
    });
    expect(legacyIdentity("M. Dupont")).toMatchObject({ civility: "M.", first_name: null, last_name: "Dupont" });
    expect(legacyIdentity("Monsieur Dupont")).toMatchObject({ civility: null, last_name: "Monsieur Dupont" });
    expect(legacyIdentity("Mme.Martin")).toMatchObject({ civility: null, last_name: "Mme.Martin" });
  });

  it("loses nothing: the display name of the identity is the name (property)", () => {
    const word = fc.constantFrom("Jean", "Claire", "de", "la", "Tour", "SARL", "Mairie", "École", "Ørsted", "l'Œuf");
    const name = fc
      .tuple(fc.constantFrom("", "M. ", "Mme ", "Mme. "), fc.array(word, { minLength: 1, maxLength: 5 }))
      .map(([prefix, words]) => `${prefix}${words.join(" ")}`);
    fc.assert(fc.property(name, (n) => clientDisplayName(legacyIdentity(n)) === n));
  });

  it("finds every legal-form word as a word, whatever its case and accents", () => {
    for (const word of LEGAL_FORM_WORDS) {
      expect(looksLikeBusiness(`Dupont ${word.toUpperCase()}`), word).toBe(true);
      expect(looksLikeBusiness(`${word}x Dupont`), word).toBe(false);
    }
  });

  it("normalises words as the SQL mirror does: accents, ligatures, case and punctuation", () => {
    expect(normaliseWords("  Œuvre d'ÉCOLE—Sainte-Cécile  ")).toBe("oeuvre d ecole sainte cecile");
    expect(normaliseWords("S.A.R.L.")).toBe("s a r l");
  });
});

describe("SIREN and SIRET", () => {
  it("normalises what is typed", () => {
    expect(normaliseSiret("812 345 678\u00a000021")).toBe("81234567800021");
    expect(normaliseSiret("303.265.045")).toBe("303265045");
  });

  it("checks the Luhn key of real numbers", () => {
    expect(siretIssue("303265045")).toBeNull();
    expect(siretIssue("44306184100047")).toBeNull();
    expect(siretIssue("732829320")).toBeNull();
    expect(siretIssue("303265046")).toBe(CLIENT_TEXTS.sirenKey);
    expect(siretIssue("44306184100048")).toBe(CLIENT_TEXTS.siretKey);
    expect(siretIssue("4430618410004")).toBe(CLIENT_TEXTS.siretLength);
    expect(siretIssue("44306184A00047")).toBe(CLIENT_TEXTS.siretLength);
    // The whole number's key is right, its SIREN's is not (443061842 fails Luhn): refused, as einvoicing does.
    expect(siretIssue("44306184200011")).toBe(CLIENT_TEXTS.siretKey);
  });

  it("checks La Poste's establishments by the sum of their digits", () => {
    // 3+5+6+1+5 = 20: a multiple of 5 (its Luhn key is wrong, La Poste's rule applies); 3+5+6+1+3 = 18: no.
    expect(luhnValid("35600000000015")).toBe(false);
    expect(siretKeyValid("35600000000015")).toBe(true);
    expect(luhnValid("35600000000013")).toBe(false);
    expect(siretKeyValid("35600000000013")).toBe(false);
    // La Poste's head office passes Luhn too.
    expect(siretKeyValid("35600000000048")).toBe(true);
  });

  it("accepts every number built with its key, refuses any one digit changed (property)", () => {
    fc.assert(
      fc.property(fc.oneof(validSiren, validSiret), fc.nat(), fc.integer({ min: 1, max: 9 }), (n, at, shift) => {
        expect(siretIssue(n)).toBeNull();
        const i = at % n.length;
        const changed = `${n.slice(0, i)}${(Number(n[i]) + shift) % 10}${n.slice(i + 1)}`;
        expect(siretIssue(changed)).not.toBeNull();
      }),
    );
  });

  it("gives the SIREN of a SIRET and formats both", () => {
    expect(sirenOf("44306184100047")).toBe("443061841");
    expect(sirenOf("443061841")).toBe("443061841");
    expect(sirenOf(null)).toBeNull();
    expect(sirenOf("12")).toBeNull();
    expect(formatSiret("44306184100047")).toBe("443\u00a0061\u00a0841\u00a000047");
    expect(formatSiret("443061841")).toBe("443\u00a0061\u00a0841");
  });
});

describe("VAT number", () => {
  it("computes the French key of a SIREN", () => {
    expect(frenchVatKey("303265045")).toBe("40");
    expect(vatNumberFromSiren("303265045")).toBe("FR40303265045");
    expect(frenchVatKey("000000097")).toBe("12");
  });

  it("checks the key, the shape and the client's SIREN", () => {
    expect(normaliseVatNumber("fr 40 303.265.045")).toBe("FR40303265045");
    expect(vatNumberIssue("FR40303265045")).toBeNull();
    expect(vatNumberIssue("FR40303265045", "303265045")).toBeNull();
    expect(vatNumberIssue("FR41303265045")).toBe(CLIENT_TEXTS.vatKey);
    expect(vatNumberIssue("FR40303265045", "443061841")).toBe(CLIENT_TEXTS.vatSirenMismatch);
    expect(vatNumberIssue("FR4030326504")).toBe(CLIENT_TEXTS.vatFormat);
    expect(vatNumberIssue("303265045")).toBe(CLIENT_TEXTS.vatFormat);
    // A letter key (no SIREN-derived key to check) and another member state's number.
    expect(vatNumberIssue("FRAB303265045")).toBeNull();
    expect(vatNumberIssue("BE0123456789")).toBeNull();
    // A key that matches digits that are no SIREN (303265046 fails Luhn).
    expect(vatNumberIssue(vatNumberFromSiren("303265046"))).toBe(CLIENT_TEXTS.vatSiren);
  });

  it("words its faults as electronic invoicing does (one text per fault)", () => {
    expect(CLIENT_TEXTS.sirenKey).toBe(EINVOICE_TEXTS.sirenKey);
    expect(CLIENT_TEXTS.siretKey).toBe(EINVOICE_TEXTS.siretKey);
    expect(CLIENT_TEXTS.vatFormat).toBe(EINVOICE_TEXTS.vatFormat);
    expect(CLIENT_TEXTS.vatKey).toBe(EINVOICE_TEXTS.vatKey);
  });

  it("derives a number every SIREN's check accepts (property)", () => {
    fc.assert(
      fc.property(validSiren, (siren) => {
        const vat = vatNumberFromSiren(siren);
        expect(vat).toMatch(/^FR\d{11}$/);
        expect(vatNumberIssue(vat, siren)).toBeNull();
      }),
    );
  });
});
