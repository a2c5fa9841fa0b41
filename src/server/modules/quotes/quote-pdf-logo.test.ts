import { scopeFor } from "@server/lib/access";
import { bearer } from "@server/test/helpers";
import { CORRUPT_PNG, png, VALID_PNG } from "@server/test/images";
import { COMPANY_TEXTS } from "@shared/company";
import { PDFParse } from "pdf-parse";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companyInfoRepository } from "../company/company.repository";
import { setupQuotesTest } from "./quotes.fixtures";

const { app, db, api, company, admin, createQuote } = await setupQuotesTest();

/** Stores a logo as an upload before inspectImage did: straight through the repository. */
async function storeLogoUnchecked(data: Buffer) {
  await db.run(scopeFor(company.id), (tx) =>
    companyInfoRepository.setLogo(tx, company.id, { contentType: "image/png", data, filename: "ancien-logo.png" }),
  );
}

async function upload(data: Buffer) {
  const boundary = "----propulse-logo";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return app.inject({
    method: "POST",
    url: "/api/company/logo",
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...bearer(admin) },
  });
}

async function pdfText(pdf: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const images = (pdf: Buffer) => pdf.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;

// A damaged PNG with alpha used to make pdfkit throw in a zlib callback: an uncaught exception, which
// stops the server. None may happen, once the event loop has run its callbacks.
let uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.on("uncaughtException", onUncaught);
});
afterEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.off("uncaughtException", onUncaught);
  expect(uncaught).toEqual([]);
});

describe("GET /api/quotes/:id/pdf with the company's logo", () => {
  it("answers the PDF without a damaged logo stored before uploads were checked", async () => {
    const quote = await createQuote(admin, { name: "Devis au logo abîmé" });
    await storeLogoUnchecked(CORRUPT_PNG);
    expect((await api(admin, "GET", "/api/company/info")).json().logo_url).toMatch(/^\/api\/files\//);

    const res = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(images(res.rawPayload)).toBe(0);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(quote.reference);
    expect(text).toContain("Devis au logo abîmé");

    // Another one (a sound 1-bit interlaced PNG, which pdfkit's PNG decoder throws on) is left out too,
    // and the server still answers.
    await storeLogoUnchecked(
      png({
        colorType: 0,
        bitDepth: 1,
        interlaced: true,
        width: 3,
        height: 1,
        raw: Buffer.from([0, 0x80, 0, 0x80, 0, 0x80]),
      }),
    );
    const again = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(again.statusCode).toBe(200);
    expect(images(again.rawPayload)).toBe(0);
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).statusCode).toBe(200);
  });

  it("refuses the damaged logo at upload, and prints a sound one with its transparency", async () => {
    const quote = await createQuote(admin);
    const refused = await upload(CORRUPT_PNG);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: COMPANY_TEXTS.logoDamaged,
      details: [{ path: "logo", message: COMPANY_TEXTS.logoDamaged }],
    });

    expect((await upload(VALID_PNG)).statusCode).toBe(200);
    const res = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(res.statusCode).toBe(200);
    // The image and its soft mask (the alpha channel).
    expect(images(res.rawPayload)).toBe(2);
    expect(res.rawPayload.toString("latin1")).toContain("/SMask");
  });

  it("prints a WebP logo (stored as a PNG) and a CMYK JPEG one (stored as sRGB), never DeviceCMYK", async () => {
    const quote = await createQuote(admin);
    const orange = { width: 40, height: 20, channels: 3 as const, background: { r: 230, g: 120, b: 20 } };
    expect((await upload(await sharp({ create: orange }).webp().toBuffer())).statusCode).toBe(200);
    const withWebp = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(images(withWebp.rawPayload)).toBe(1);

    const cmyk = await sharp({ create: orange }).toColourspace("cmyk").jpeg().toBuffer();
    expect((await upload(cmyk)).statusCode).toBe(200);
    const withJpeg = (await api(admin, "GET", `/api/quotes/${quote.id}/pdf`)).rawPayload.toString("latin1");
    expect(withJpeg.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(withJpeg).toContain("/DeviceRGB");
    expect(withJpeg).not.toContain("/DeviceCMYK");

    // A CMYK JPEG stored before uploads were converted is left out, the document still answered.
    await storeLogoUnchecked(cmyk);
    const before = await api(admin, "GET", `/api/quotes/${quote.id}/pdf`);
    expect(before.statusCode).toBe(200);
    expect(images(before.rawPayload)).toBe(0);
  });
});
