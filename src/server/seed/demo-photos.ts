import sharp from "sharp";

const SKIES = [
  ["#5b7c99", "#c9d6df"],
  ["#8a6f4e", "#e3d5c1"],
  ["#4f6d5a", "#cfe0d2"],
] as const;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A small demo photo (800 × 600 JPEG, a few kB): a gradient and its caption, drawn by sharp from SVG —
 * the demo worksites' photos go through the same upload as a phone's.
 */
export async function demoPhoto(caption: string, index: number): Promise<Buffer> {
  const [top, bottom] = SKIES[index % SKIES.length] ?? SKIES[0];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <rect x="0" y="470" width="800" height="130" fill="#1f2933" fill-opacity="0.55"/>
    <text x="40" y="550" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#ffffff">${escapeXml(caption)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}
