// Renders the Propulse mark to the PWA icons in src/web/public (run once, results committed):
//   node e2e/tools/generate-icons.mjs
// Uses Playwright with Debian's Chromium (never downloads a browser), then pngquant
// (`apt-get install -y pngquant`): Chrome fetches the 192 px icon while a page loads, so on a slow
// phone its bytes compete with the app's (17 kB as rendered, 4 kB quantised).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/web/public");

const GRADIENT = `<linearGradient id="g" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
  <stop offset="0" stop-color="#5b54f0"/><stop offset="1" stop-color="#3127b8"/></linearGradient>`;
const GLYPH = `<g transform="translate(1 0)"><path d="M13 24V8.5h5.25a5.25 5.25 0 0 1 0 10.5H13" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>
  <path d="M5.5 13h3.5M4.5 17.5h4.5M6.5 22h2.5" stroke="#fb923c" stroke-width="2.2" stroke-linecap="round"/></g>`;

/** The mark as in src/web/components/logo.tsx: rounded square (transparent corners). */
const roundedMark = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs>${GRADIENT}</defs>
  <rect width="32" height="32" rx="8" fill="url(#g)"/>${GLYPH}</svg>`;

/** Full-bleed square, glyph shrunk into the maskable safe zone (inner 80 % circle). */
const fullBleed = (scale) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs>${GRADIENT}</defs>
  <rect width="32" height="32" fill="url(#g)"/>
  <g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${GLYPH}</g></svg>`;

const targets = [
  { file: "icons/icon-192.png", size: 192, svg: roundedMark },
  { file: "icons/icon-512.png", size: 512, svg: roundedMark },
  { file: "icons/maskable-512.png", size: 512, svg: fullBleed(0.72) },
  { file: "icons/apple-touch-icon.png", size: 180, svg: fullBleed(0.82) },
  { file: "icons/favicon-32.png", size: 32, svg: roundedMark },
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
const rendered = {};
for (const { file, size, svg } of targets) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml,${encodeURIComponent(svg)}" width="${size}" height="${size}" style="display:block"></body></html>`,
  );
  await page.waitForFunction(() => document.images[0]?.complete);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  rendered[file] = png;
  if (!file.startsWith("icons/favicon-32")) writeFileSync(path.join(publicDir, file), png);
}
await browser.close();

// favicon.ico holding one 32×32 PNG (valid ICO since Windows Vista, read by every browser).
const png32 = rendered["icons/favicon-32.png"];
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png32.length, 14); // data size
header.writeUInt32LE(22, 18); // data offset
writeFileSync(path.join(publicDir, "favicon.ico"), Buffer.concat([header, png32]));
writeFileSync(path.join(publicDir, "favicon.svg"), `${roundedMark.replace(/\n\s*/g, "")}\n`);
for (const { file } of targets.filter((target) => !target.file.startsWith("icons/favicon-32"))) {
  const target = path.join(publicDir, file);
  execFileSync("pngquant", ["--quality=85-98", "--speed", "1", "--strip", "--force", "--output", target, target]);
}
console.info("Icônes générées dans", publicDir);
