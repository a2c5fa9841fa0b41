import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SaxonJS from "saxon-js";

/**
 * The EN 16931 business rules of the CII syntax, run on an XML with SaxonJS (docs/domain/einvoicing.md#validation,
 * ADR 0016): the official validation artifacts (ConnectingEurope/eInvoicing-EN16931, release
 * validation-1.3.16, EUPL 1.2), compiled for SaxonJS, are kept in `vendor/en16931/` and read once per
 * process. The answer lists the failed assertions of the SVRL report; the XML conforms when none is fatal.
 */

/** Where the artifacts are: `vendor/en16931` at the repository root, found from src/ as from dist/server. */
function findArtifacts(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "vendor", "en16931");
    if (existsSync(path.join(candidate, "en16931-cii.sef.json"))) return candidate;
    if (path.dirname(dir) === dir) throw new Error("Règles EN 16931 introuvables (vendor/en16931/)");
  }
}
export const EN16931_ARTIFACTS = findArtifacts(path.dirname(fileURLToPath(import.meta.url)));
/** The CII D16B XML Schema (read by the tests, with xmllint). */
export const CII_XSD = path.join(EN16931_ARTIFACTS, "schema/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd");

let stylesheet: unknown = null;
/** The compiled stylesheet (5 MB of JSON), parsed on first use and kept. */
function en16931Stylesheet(): unknown {
  stylesheet ??= JSON.parse(readFileSync(path.join(EN16931_ARTIFACTS, "en16931-cii.sef.json"), "utf8"));
  return stylesheet;
}

export interface RuleFailure {
  /** The rule: « BR-CO-15 », « BR-S-08 », « CII-SR-… ». */
  id: string;
  /** « fatal » blocks; « warning » informs. */
  flag: string;
  /** The rule's own text, in English, without its « [id]- » prefix. */
  text: string;
  /** The XPath of the faulty element. */
  location: string;
  /** « Règle BR-CO-15 : … » in French, for the user and the log. */
  message: string;
}

export interface ValidationReport {
  /** No fatal failure. */
  valid: boolean;
  fatal: RuleFailure[];
  warnings: RuleFailure[];
}

/** French words for the rules an invoice of Propulse may break (the others are said with their English text). */
export const RULES_FR: Record<string, string> = {
  "BR-01": "l’identifiant du profil (EN 16931) manque",
  "BR-02": "le numéro de la facture manque",
  "BR-06": "le nom de l’entreprise manque",
  "BR-07": "le nom du client manque",
  "BR-08": "l’adresse de l’entreprise manque",
  "BR-09": "le pays de l’entreprise manque",
  "BR-10": "l’adresse du client manque",
  "BR-11": "le pays du client manque",
  "BR-16": "la facture doit avoir au moins une ligne chiffrée",
  "BR-33": "la remise doit avoir un motif",
  "BR-61": "un virement doit indiquer l’IBAN du compte à créditer",
  "BR-CL-23": "unité de mesure inconnue de la recommandation UN/ECE n°\u00a020",
  "BR-CO-09": "le numéro de TVA doit commencer par le code du pays (FR)",
  "BR-CO-10": "le total HT des lignes ne correspond pas à la somme des lignes",
  "BR-CO-13": "le total HT ne correspond pas aux lignes moins la remise",
  "BR-CO-14": "le total de TVA ne correspond pas à la somme de la TVA par taux",
  "BR-CO-15": "le total TTC doit être égal au total HT plus la TVA",
  "BR-CO-16": "le net à payer doit être égal au total TTC moins les acomptes versés",
  "BR-CO-17": "la TVA d’un taux ne correspond pas à sa base multipliée par le taux",
  "BR-CO-18": "la facture doit détailler la TVA par taux",
  "BR-CO-25": "un montant à payer exige une date d’échéance ou des conditions de paiement",
  "BR-CO-26": "l’entreprise doit être identifiée par son SIRET, son SIREN ou son numéro de TVA",
  "BR-S-02": "une ligne soumise à la TVA exige le numéro de TVA de l’entreprise",
  "BR-S-08": "la base d’un taux de TVA ne correspond pas à ses lignes moins la remise",
  "BR-S-09": "la TVA d’un taux ne correspond pas à sa base",
  "BR-Z-02": "une ligne à 0\u00a0% exige le numéro de TVA de l’entreprise",
  "BR-AE-02": "l’autoliquidation exige le numéro de TVA de l’entreprise et le SIREN ou le numéro de TVA du client",
  "BR-AE-03": "l’autoliquidation exige le numéro de TVA de l’entreprise et le SIREN ou le numéro de TVA du client",
  "BR-AE-10": "l’autoliquidation doit être indiquée comme motif d’exonération",
  "BR-E-02": "une facture en franchise de TVA exige le numéro de TVA ou le SIREN de l’entreprise",
  "BR-E-10": "la franchise en base (art. 293 B du CGI) doit être indiquée comme motif d’exonération",
};

/** « Règle BR-CO-15 : le total TTC doit être égal … (Invoice total amount with VAT …) ». */
export function explainFailure(id: string, text: string): string {
  const french = RULES_FR[id];
  return french ? `Règle ${id}\u00a0: ${french} (${text})` : `Règle ${id}\u00a0: ${text}`;
}

/** « Règle BR-AE-02 : l'autoliquidation exige … »: the French words alone when known (what the user reads). */
export function briefFailure(failure: Pick<RuleFailure, "id" | "text">): string {
  return `Règle ${failure.id}\u00a0: ${RULES_FR[failure.id] ?? failure.text}`;
}

const FAILURES_XPATH =
  "//*:failed-assert ! map{ 'id': string(@id), 'flag': string(@flag), 'location': string(@location), 'text': normalize-space(*:text) }";

/**
 * Runs the EN 16931 rules (CII) on `xml`: the failed assertions, fatal and warnings apart. Synchronous
 * (SaxonJS's sync mode): about 40 ms for an invoice of a few lines once warm, the first call of a
 * process several hundred (the stylesheet parsed, the code compiled).
 */
export function validateCii(xml: string): ValidationReport {
  const { principalResult } = SaxonJS.transform(
    { stylesheetInternal: en16931Stylesheet(), sourceText: xml, destination: "document" },
    "sync",
  );
  // XPath maps come back as plain objects.
  const found = SaxonJS.XPath.evaluate(FAILURES_XPATH, principalResult, { resultForm: "array" }) as Partial<
    Record<"id" | "flag" | "location" | "text", string>
  >[];
  const failures = found.map((m): RuleFailure => {
    const id = m.id ?? "";
    const text = (m.text ?? "").replace(/^\[[^\]]*\]-?\s*/, "");
    // « /*:CrossIndustryInvoice[namespace-uri()='…'][1] » → « /CrossIndustryInvoice[1] ».
    const location = (m.location ?? "").replace(/\*:([\w-]+)\[namespace-uri\(\)='[^']*'\]/g, "$1");
    return { id, flag: m.flag ?? "", text, location, message: explainFailure(id, text) };
  });
  const fatal = failures.filter((f) => f.flag === "fatal");
  return { valid: fatal.length === 0, fatal, warnings: failures.filter((f) => f.flag !== "fatal") };
}

/** A small CII invoice: enough for the rules to run through once. */
const WARM_UP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"
  xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
  xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>FAC-2026-0000</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20260101</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Propulse</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>Client</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode></ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

/**
 * Runs the rules once on a small invoice, so that the first issue of the process does not pay for
 * reading the stylesheet (~300 ms): called by the server once it listens (src/server/main.ts).
 */
export function warmEn16931(): void {
  validateCii(WARM_UP_XML);
}
