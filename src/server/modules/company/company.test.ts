import { printableLogo } from "@server/pdf/logo";
import { bearer, createTestCompany, login, setupApp, type TestCompany } from "@server/test/helpers";
import {
  blankPng,
  CORRUPT_PNG,
  gif,
  jpeg,
  png,
  pngChunk,
  pngWithBrokenZlib,
  VALID_PNG,
  webp,
} from "@server/test/images";
import { COMPANY_TEXTS } from "@shared/company";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { VALIDATION_TEXTS } from "@shared/validation";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGO_IMAGE } from "./logo-upload";

const { app, db } = await setupApp();
let company: TestCompany;
let admin: string;
let chef: string;
let otherAdmin: string;

beforeAll(async () => {
  company = await createTestCompany(db, "Identité SARL");
  const other = await createTestCompany(db, "Autre identité");
  admin = (await login(app, company.emails.admin)).token;
  chef = (await login(app, company.emails.chef)).token;
  otherAdmin = (await login(app, other.emails.admin)).token;
});

const api = (token: string, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

// A sound 2×2 RGBA PNG, built with zlib and CRC-32 (src/server/test/images.ts).
const PNG = VALID_PNG;

function multipart(filename: string, content: Buffer, contentType: string) {
  const boundary = "----propulse-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, filename: string, content: Buffer, contentType = "image/png") {
  const { payload, headers } = multipart(filename, content, contentType);
  return app.inject({ method: "POST", url: "/api/company/logo", payload, headers: { ...headers, ...bearer(token) } });
}

describe("company identity", () => {
  it("reads and updates the identity with empty fields stored as null", async () => {
    const before = (await api(admin, "GET", "/api/company/info")).json();
    expect(before).toMatchObject({ name: company.name, country: "France", logo_url: null });
    const res = await api(admin, "PUT", "/api/company/info", {
      name: "Identité SARL",
      address1: "1 place Bellecour",
      address2: "",
      zip_code: "69002",
      city: "Lyon",
      country: "",
      phone_contact: "04 78 00 00 00",
      email_contact: "contact@identite.fr",
      website: "https://identite.fr",
      siret: "523 456 788 00018",
      tva_number: "FR31523456788",
      legal_form: "",
      share_capital: null,
      registration: null,
      insurer_name: null,
      insurer_policy: null,
      insurance_coverage: null,
      vat_franchise: false,
      iban: "",
      bic: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Identité SARL",
      address2: null,
      country: "France",
      siret: "523 456 788 00018",
      legal_form: null,
      vat_franchise: false,
      iban: null,
      bic: null,
    });
    expect((await api(admin, "GET", "/api/company/info")).json().city).toBe("Lyon");
  });

  it("stores the mentions an invoice prints: legal form, capital, registration, décennale insurance, VAT franchise", async () => {
    const { logo_url: _logo, ...identity } = (await api(admin, "GET", "/api/company/info")).json();
    const mentions = {
      legal_form: "  SARL ",
      share_capital: "10 000 €",
      registration: "RCS Lyon 123 456 789",
      insurer_name: "MAAF Assurances",
      insurer_policy: "DEC-2026-123456",
      insurance_coverage: "France métropolitaine",
      vat_franchise: true,
    };
    const res = await api(admin, "PUT", "/api/company/info", { ...identity, ...mentions });
    expect(res.statusCode, res.body).toBe(200);
    const stored = { ...mentions, legal_form: "SARL" };
    expect(res.json()).toMatchObject(stored);
    expect((await api(admin, "GET", "/api/company/info")).json()).toMatchObject(stored);

    // Cleared by null or empty text; the franchise by false.
    const cleared = await api(admin, "PUT", "/api/company/info", {
      ...identity,
      legal_form: "",
      share_capital: " ",
      registration: null,
      insurer_name: null,
      insurer_policy: "",
      insurance_coverage: null,
      vat_franchise: false,
    });
    expect(cleared.json()).toMatchObject({
      legal_form: null,
      share_capital: null,
      registration: null,
      insurer_name: null,
      insurer_policy: null,
      insurance_coverage: null,
      vat_franchise: false,
    });
  });

  it("stores the bank account normalised (upper case, no spaces), and clears it", async () => {
    const { logo_url: _logo, ...identity } = (await api(admin, "GET", "/api/company/info")).json();
    const res = await api(admin, "PUT", "/api/company/info", {
      ...identity,
      iban: " fr76 3000 4008 2300 0104 5678 943 ",
      bic: "bnpa frpp xxx",
    });
    expect(res.statusCode, res.body).toBe(200);
    const bank = { iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" };
    expect(res.json()).toMatchObject(bank);
    expect((await api(admin, "GET", "/api/company/info")).json()).toMatchObject(bank);

    // Cleared by empty text or null.
    const cleared = await api(admin, "PUT", "/api/company/info", { ...identity, iban: "  ", bic: null });
    expect(cleared.json()).toMatchObject({ iban: null, bic: null });
  });

  it("checks the identifiers by their keys, with electronic invoicing's texts, and changes nothing", async () => {
    const before = (await api(admin, "GET", "/api/company/info")).json();
    // The identity as a body carries it: neither the logo's URL nor the version (ADR 0024) is sent.
    const { logo_url: _logo, updated_at: _version, ...identity } = before;
    const valid = { ...identity, siret: "523 456 788 00018", tva_number: "FR 31 523 456 788" };
    expect((await api(admin, "PUT", "/api/company/info", valid)).statusCode).toBe(200);
    const after = (await api(admin, "GET", "/api/company/info")).json();
    for (const [body, path, message] of [
      [{ siret: "523 456 788 00019" }, "siret", EINVOICE_TEXTS.siretKey],
      // The whole number's key is right, its SIREN's is not.
      [{ siret: "52345678900016" }, "siret", EINVOICE_TEXTS.siretKey],
      [{ siret: "523 456 788" }, "siret", EINVOICE_TEXTS.siretFormat],
      [{ tva_number: "FR32523456788" }, "tva_number", EINVOICE_TEXTS.vatKey],
      [{ tva_number: "FR 31 5234567" }, "tva_number", EINVOICE_TEXTS.vatFormat],
      [{ tva_number: "FR65912345675" }, "tva_number", COMPANY_TEXTS.tvaSirenMismatch],
      [{ iban: "FR76 3000 4008 2300 0104 5678 944" }, "iban", EINVOICE_TEXTS.ibanKey],
      [{ iban: "FR76 3000 4008 2300 0104 5678 9" }, "iban", EINVOICE_TEXTS.ibanLength("FR", 27)],
      [{ iban: "3000 4008 2300" }, "iban", EINVOICE_TEXTS.ibanFormat],
      [{ iban: 76 }, "iban", COMPANY_TEXTS.ibanInvalid],
      [{ bic: "BNPAFR" }, "bic", EINVOICE_TEXTS.bicFormat],
      [{ bic: "BNPA12PP" }, "bic", EINVOICE_TEXTS.bicFormat],
    ] as const) {
      const res = await api(admin, "PUT", "/api/company/info", { ...valid, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details, JSON.stringify(body)).toEqual([{ path, message }]);
    }
    expect((await api(admin, "GET", "/api/company/info")).json()).toEqual(after);
    // Another member state's number is checked for its shape; a French one without SIRET for its key only.
    expect((await api(admin, "PUT", "/api/company/info", { ...valid, tva_number: "BE0123456789" })).statusCode).toBe(
      200,
    );
    expect(
      (await api(admin, "PUT", "/api/company/info", { ...valid, siret: null, tva_number: "FR65912345675" })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ name: "" }, "name", COMPANY_TEXTS.nameRequired],
    [{ name: "X", email_contact: "pas-un-mail" }, "email_contact", COMPANY_TEXTS.emailInvalid],
    [{ name: "X", siret: "1234" }, "siret", COMPANY_TEXTS.siretInvalid],
    [{ name: "X", tva_number: "12" }, "tva_number", COMPANY_TEXTS.tvaInvalid],
    [{ name: "X", iban: "FR00" }, "iban", COMPANY_TEXTS.ibanInvalid],
    [{ name: "X", bic: "X" }, "bic", COMPANY_TEXTS.bicInvalid],
    [{ name: "X", vat_franchise: "oui" }, "vat_franchise", COMPANY_TEXTS.vatFranchiseInvalid],
    [{ name: "X", vat_franchise: null }, "vat_franchise", COMPANY_TEXTS.vatFranchiseInvalid],
  ])("refuses %j", async (payload, path, message) => {
    const res = await api(admin, "PUT", "/api/company/info", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });

  it("takes the whole identity, as published: a missing key is refused, never erased", async () => {
    const before = (await api(admin, "GET", "/api/company/info")).json();
    // The identity as a body carries it: neither the logo's URL nor the version (ADR 0024) is sent.
    const { logo_url: _logo, updated_at: _version, ...identity } = before;
    const published = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths["/api/company/info"]
      .put.requestBody.content["application/json"].schema;
    expect([...published.required].sort()).toEqual(Object.keys(identity).sort());

    const { city: _city, country: _country, ...withoutCityAndCountry } = identity;
    const res = await api(admin, "PUT", "/api/company/info", { ...withoutCityAndCountry, name: "Renommée SARL" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: "city", message: VALIDATION_TEXTS.required },
      { path: "country", message: VALIDATION_TEXTS.required },
    ]);
    expect((await api(admin, "GET", "/api/company/info")).json()).toEqual(before);
  });

  it("is for admins only, and each company sees its own", async () => {
    expect((await api(chef, "GET", "/api/company/info")).statusCode).toBe(403);
    expect((await api(chef, "PUT", "/api/company/settings", { quote_validity_days: 10 })).statusCode).toBe(403);
    expect((await api(otherAdmin, "GET", "/api/company/info")).json().name).not.toBe("Identité SARL");
  });
});

/** The settings as answered: with their version (ADR 0024). */
const withVersion = (settings: object) => ({ ...settings, updated_at: expect.any(String) });

describe("commercial settings", () => {
  it("stores the validity, falls back to 30 when empty, and applies it to new quotes", async () => {
    expect((await api(admin, "GET", "/api/company/settings")).json()).toEqual(
      withVersion({
        quote_validity_days: 30,
        terms_and_conditions: null,
        default_tax_rate: 20,
        extra_tax_rates: [],
        reminder_after_days: 7,
        vat_on_debits: false,
      }),
    );
    expect(
      (await api(admin, "PUT", "/api/company/settings", { quote_validity_days: "", terms_and_conditions: "" })).json(),
    ).toEqual(
      withVersion({
        quote_validity_days: 30,
        terms_and_conditions: null,
        default_tax_rate: 20,
        extra_tax_rates: [],
        reminder_after_days: 7,
        vat_on_debits: false,
      }),
    );
    for (const bad of [0, 366, 2.5, "abc", true]) {
      const res = await api(admin, "PUT", "/api/company/settings", {
        quote_validity_days: bad,
        terms_and_conditions: null,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(COMPANY_TEXTS.validityRange);
    }
    await api(admin, "PUT", "/api/company/settings", { quote_validity_days: 45, terms_and_conditions: "Acompte 30 %" });
    const client = (await api(admin, "POST", "/api/clients", { name: "Validité", phone: "0600000009" })).json();
    const quote = (
      await api(admin, "POST", "/api/quotes", { name: "Q", client_id: client.id, date: "2026-11-01" })
    ).json();
    expect(quote.valid_until).toBe("2026-12-16");
  });

  it("takes both settings, as published: a body never erases what it does not mention", async () => {
    const saved = {
      quote_validity_days: 60,
      terms_and_conditions: "Acompte de 30 % à la commande.",
      default_tax_rate: 20,
      extra_tax_rates: [],
      reminder_after_days: 7,
      vat_on_debits: false,
    };
    expect((await api(admin, "PUT", "/api/company/settings", saved)).json()).toEqual(withVersion(saved));

    const published = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths[
      "/api/company/settings"
    ].put.requestBody.content["application/json"].schema;
    expect([...published.required].sort()).toEqual(["quote_validity_days", "terms_and_conditions"]);

    for (const [payload, missing] of [
      [{}, ["quote_validity_days", "terms_and_conditions"]],
      [{ quote_validity_days: 10 }, ["terms_and_conditions"]],
      [{ terms_and_conditions: "Autres conditions" }, ["quote_validity_days"]],
    ] as const) {
      const res = await api(admin, "PUT", "/api/company/settings", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual(missing.map((path) => ({ path, message: VALIDATION_TEXTS.required })));
    }
    expect((await api(admin, "GET", "/api/company/settings")).json()).toEqual(withVersion(saved));

    // Emptying is said, not implied: null (or the form's empty text) is the default validity, no terms.
    const emptied = { quote_validity_days: null, terms_and_conditions: null };
    expect((await api(admin, "PUT", "/api/company/settings", emptied)).json()).toEqual(
      withVersion({
        quote_validity_days: 30,
        terms_and_conditions: null,
        default_tax_rate: 20,
        extra_tax_rates: [],
        reminder_after_days: 7,
        vat_on_debits: false,
      }),
    );
  });

  it("keeps the VAT rate of new quote lines, from the list, unchanged when a body leaves it out", async () => {
    const body = { quote_validity_days: 30, terms_and_conditions: null };
    const set = await api(admin, "PUT", "/api/company/settings", { ...body, default_tax_rate: "10" });
    expect(set.json().default_tax_rate).toBe(10);
    // The spec's body (two keys) keeps it.
    expect((await api(admin, "PUT", "/api/company/settings", body)).json().default_tax_rate).toBe(10);
    for (const bad of [7, -1, "dix"]) {
      const res = await api(admin, "PUT", "/api/company/settings", { ...body, default_tax_rate: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(COMPANY_TEXTS.defaultTaxRateInvalid);
    }
    // Whoever writes quotes reads it (the chef holds quotes:create, not settings:view).
    expect((await api(chef, "GET", "/api/company/settings")).statusCode).toBe(403);
    const defaults = await api(chef, "GET", "/api/quotes/defaults");
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({ validity_days: 30, default_tax_rate: 10 });
    expect((await api(otherAdmin, "GET", "/api/quotes/defaults")).json().default_tax_rate).toBe(20);
    await api(admin, "PUT", "/api/company/settings", { ...body, default_tax_rate: 20 });
  });

  it("takes VAT rates of the company's own (issue 31): checked, kept once each, highest first, read by line writers", async () => {
    const body = { quote_validity_days: 30, terms_and_conditions: null };
    const readers = await api(chef, "GET", "/api/company/tax-rates");
    expect(readers.statusCode).toBe(200);
    expect(readers.json()).toEqual({ tax_rates: [20, 10, 5.5, 2.1, 0] });
    for (const bad of [
      [0],
      [100],
      [-1],
      [8.555],
      ["huit"],
      "8,5 ; huit",
      true,
      Array.from({ length: 11 }, (_, i) => i + 1),
    ]) {
      const res = await api(admin, "PUT", "/api/company/settings", { ...body, extra_tax_rates: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error).toBe(
        Array.isArray(bad) && bad.length > 10 ? COMPANY_TEXTS.extraTaxRatesTooMany : COMPANY_TEXTS.extraTaxRateInvalid,
      );
    }
    expect((await api(admin, "GET", "/api/company/settings")).json().extra_tax_rates).toEqual([]);
    // Corsica's 13 % and 0,9 %, overseas' 8,5 %: a rate in force or twice is kept once.
    const set = await api(admin, "PUT", "/api/company/settings", {
      ...body,
      extra_tax_rates: [0.9, 13, "8.5", 20, 13],
      default_tax_rate: 8.5,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ extra_tax_rates: [13, 8.5, 0.9], default_tax_rate: 8.5 });
    expect((await api(chef, "GET", "/api/company/tax-rates")).json()).toEqual({
      tax_rates: [20, 13, 10, 8.5, 5.5, 2.1, 0.9, 0],
    });
    expect((await api(otherAdmin, "GET", "/api/company/tax-rates")).json()).toEqual({
      tax_rates: [20, 10, 5.5, 2.1, 0],
    });
    // The spec's body keeps them; the rate of new lines cannot lose its place in the list.
    expect((await api(admin, "PUT", "/api/company/settings", body)).json().extra_tax_rates).toEqual([13, 8.5, 0.9]);
    const removed = await api(admin, "PUT", "/api/company/settings", { ...body, extra_tax_rates: [13] });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().details).toEqual([{ path: "extra_tax_rates", message: COMPANY_TEXTS.defaultTaxRateRemoved }]);
    const notListed = await api(admin, "PUT", "/api/company/settings", { ...body, default_tax_rate: 7 });
    expect(notListed.json().details).toEqual([
      { path: "default_tax_rate", message: COMPANY_TEXTS.defaultTaxRateInvalid },
    ]);
    // Set by who edits the settings only; the rates are read by who writes lines.
    expect((await api(chef, "PUT", "/api/company/settings", { ...body, extra_tax_rates: [] })).statusCode).toBe(403);
    const norole = (await login(app, company.emails.norole)).token;
    expect((await api(norole, "GET", "/api/company/tax-rates")).statusCode).toBe(403);
    const back = await api(admin, "PUT", "/api/company/settings", {
      ...body,
      extra_tax_rates: [],
      default_tax_rate: 20,
    });
    expect(back.json()).toMatchObject({ extra_tax_rates: [], default_tax_rate: 20 });
  });
});

describe("logo", () => {
  it("accepts an image by its content, serves it by a signed URL, and removes it", async () => {
    const res = await upload(admin, "logo.png", PNG);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().logo_url as string;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+$/);
    const file = await app.inject({ method: "GET", url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const tampered = url.replace(/sig=[\w-]+/, "sig=forged");
    expect((await app.inject({ method: "GET", url: tampered })).statusCode).toBe(404);
    const expired = url.replace(/exp=\d+/, "exp=1000");
    expect((await app.inject({ method: "GET", url: expired })).statusCode).toBe(404);

    const removed = await api(admin, "DELETE", "/api/company/logo");
    expect(removed.json().logo_url).toBeNull();
    expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
  });

  it("refuses SVG or HTML content whatever its name or declared type, and files over 5 MB", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [name, content, type] of [
      ["logo.png", svg, "image/png"],
      ["logo.svg", svg, "image/svg+xml"],
      ["page.png", Buffer.from("<html><body>x</body></html>"), "image/png"],
    ] as const) {
      const res = await upload(admin, name, content, type);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(COMPANY_TEXTS.logoType);
    }
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(admin, "big.png", big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(COMPANY_TEXTS.logoSize);
    expect((await upload(chef, "logo.png", PNG)).statusCode).toBe(403);
  });

  it("keeps a sound grey or colour JPEG as it is", async () => {
    for (const content of [jpeg(), jpeg({ components: 1 })]) {
      const res = await upload(admin, "logo.jpg", content, "application/octet-stream");
      expect(res.statusCode, res.body).toBe(200);
      const file = await app.inject({ method: "GET", url: res.json().logo_url });
      expect(file.headers["content-type"]).toBe("image/jpeg");
      expect(file.rawPayload.equals(content)).toBe(true);
    }
  });

  it("stores a GIF or WebP as a PNG, and a CMYK JPEG as an sRGB one, of the same size (what a PDF prints)", async () => {
    const image = { width: 30, height: 12, channels: 4 as const, background: { r: 10, g: 90, b: 200, alpha: 0.5 } };
    const cases = [
      ["logo.gif", await sharp({ create: image }).gif().toBuffer(), "image/png"],
      ["logo.webp", await sharp({ create: image }).webp().toBuffer(), "image/png"],
      ["logo.jpg", await sharp({ create: image }).toColourspace("cmyk").jpeg().toBuffer(), "image/jpeg"],
    ] as const;
    for (const [name, content, type] of cases) {
      const res = await upload(admin, name, content, "application/octet-stream");
      expect(res.statusCode, res.body).toBe(200);
      const file = await app.inject({ method: "GET", url: res.json().logo_url });
      expect(file.headers["content-type"]).toBe(type);
      const stored = await sharp(file.rawPayload).metadata();
      expect(stored).toMatchObject({ width: 30, height: 12, space: "srgb" });
      if (type === "image/png") expect(stored.hasAlpha).toBe(true);
    }
  });

  it("refuses a WebP whose pixels cannot be decoded, though its structure is sound", async () => {
    // A sound 1×1 GIF is converted; this WebP's lossless stream is 5 bytes of nothing.
    expect((await upload(admin, "logo.gif", gif())).statusCode).toBe(200);
    const res = await upload(admin, "logo.webp", webp());
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(COMPANY_TEXTS.logoDamaged);
  });

  it("bounds a logo by its pixels: the 130 kB 4,096 × 4,096 16-bit PNG is stored at 1,024 px and 8 bits", async () => {
    const hostile = blankPng({ width: 4096, height: 4096, bitDepth: 16 });
    expect(hostile.length).toBeLessThan(140_000);
    const served = async (content: Buffer, name: string) => {
      const res = await upload(admin, name, content, "application/octet-stream");
      expect(res.statusCode, res.body).toBe(200);
      const file = await app.inject({ method: "GET", url: res.json().logo_url });
      return { type: file.headers["content-type"], meta: await sharp(file.rawPayload).metadata() };
    };
    const stored = await served(hostile, "logo.png");
    expect(stored.type).toBe("image/png");
    expect(stored.meta).toMatchObject({ width: LOGO_IMAGE.maxSide, height: LOGO_IMAGE.maxSide, depth: "uchar" });
    // A large JPEG (a logo photographed or exported for print) keeps its shape, within the bound.
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    expect((await served(wide, "logo.jpg")).meta).toMatchObject({ format: "jpeg", width: 1024, height: 512 });
    // A 16-bit PNG within the bound is stored at 8 bits, the same size.
    expect((await served(blankPng({ width: 40, height: 20, bitDepth: 16 }), "logo.png")).meta).toMatchObject({
      width: 40,
      height: 20,
      depth: "uchar",
    });
    // What the PDF could not print as it is (interlaced, a 2-bit transparent palette) is stored printable.
    const palette = [pngChunk("PLTE", Buffer.from([0, 0, 0, 255, 255, 255])), pngChunk("tRNS", Buffer.from([0]))];
    for (const content of [
      png({ colorType: 2, interlaced: true, width: 9, height: 9 }),
      png({ colorType: 3, bitDepth: 2, width: 9, height: 3, chunks: palette }),
    ]) {
      const res = await upload(admin, "logo.png", content);
      expect(res.statusCode, res.body).toBe(200);
      const file = await app.inject({ method: "GET", url: res.json().logo_url });
      expect(printableLogo(file.rawPayload).ok).toBe(true);
      expect((await sharp(file.rawPayload).metadata()).isProgressive).toBe(false);
    }
    // Reducing 134 MB of pixels takes a few seconds of the 2 shared cores: more under a loaded machine.
  }, 60_000);

  it("strips what a logo carries besides its pixels (EXIF with the GPS position, descriptions, comments)", async () => {
    const exif = {
      IFD0: { ImageDescription: "Atelier secret", Make: "PhoneDeChantier" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 50/1 0/1" },
    };
    const photographed = await sharp({ create: { width: 64, height: 32, channels: 3, background: "#2f6f4f" } })
      .withMetadata({ orientation: 6 })
      .withExifMerge(exif)
      .jpeg()
      .toBuffer();
    expect(photographed.includes("Atelier secret")).toBe(true);
    const described = png({
      width: 3,
      height: 2,
      chunks: [
        pngChunk("tEXt", Buffer.from("Description\0Atelier secret", "latin1")),
        pngChunk("tEXt", Buffer.from("Comment\0PhoneDeChantier 45.75N 4.83E", "latin1")),
      ],
    });
    for (const [name, content, type] of [
      ["logo.jpg", photographed, "image/jpeg"],
      ["logo.png", described, "image/png"],
    ] as const) {
      const res = await upload(admin, name, content, "application/octet-stream");
      expect(res.statusCode, res.body).toBe(200);
      const file = await app.inject({ method: "GET", url: res.json().logo_url });
      expect(file.headers["content-type"]).toBe(type);
      expect(file.rawPayload.includes("Atelier secret")).toBe(false);
      expect(file.rawPayload.includes("PhoneDeChantier")).toBe(false);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.comments ?? []).toEqual([]);
      // The JPEG turned upright by its orientation, which goes with the EXIF: 64 × 32 stands 32 × 64.
      expect([meta.width, meta.height]).toEqual(type === "image/jpeg" ? [32, 64] : [3, 2]);
    }
    // The PNG's pixels are kept, exactly.
    const res = await upload(admin, "logo.png", described);
    const file = await app.inject({ method: "GET", url: res.json().logo_url });
    const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();
    expect((await pixels(file.rawPayload)).equals(await pixels(described))).toBe(true);
  });

  it("keeps a file name holding U+0000 without it, never a 500 (issue 31)", async () => {
    // A raw NUL in the quoted name, and one percent-encoded in the RFC 5987 form.
    for (const name of ["lo\u0000go.png", `logo.png"; filename*=UTF-8''lo%00go.png`]) {
      const res = await upload(admin, name, PNG);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await db.run({ companyId: company.id }, (tx) =>
        tx.execute<{ filename: string }>(
          sql`SELECT filename FROM files WHERE company_id = ${company.id} ORDER BY created_at DESC LIMIT 1`,
        ),
      );
      expect(stored.rows[0]?.filename).toBe("logo.png");
    }
  });

  it("refuses a damaged image of an accepted type, and keeps the current logo", async () => {
    const current = await upload(admin, "logo.png", PNG);
    expect(current.statusCode).toBe(200);
    const truncatedJpeg = jpeg().subarray(0, 100);
    for (const [name, content] of [
      ["logo.png", CORRUPT_PNG],
      ["logo.png", pngWithBrokenZlib()],
      ["photo.jpg", truncatedJpeg],
    ] as const) {
      const res = await upload(admin, name, content);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: COMPANY_TEXTS.logoDamaged,
        details: [{ path: "logo", message: COMPANY_TEXTS.logoDamaged }],
      });
    }
    const file = await app.inject({
      method: "GET",
      url: (await api(admin, "GET", "/api/company/info")).json().logo_url,
    });
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });
});
