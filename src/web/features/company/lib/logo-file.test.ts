import { COMPANY_TEXTS, LOGO_MAX_BYTES } from "@shared/company";
import { describe, expect, it } from "vitest";
import { isAcceptedLogoType, LOGO_ACCEPT, logoFileError } from "./logo-file";

const file = (name: string, type: string, size = 2048) => ({ name, type, size });

describe("logoFileError", () => {
  it.each([
    ["logo.png", "image/png"],
    ["logo.jpg", "image/jpeg"],
    ["logo.JPEG", "image/jpeg"],
    ["logo.jpg", "image/jpg"],
    ["logo.gif", "image/gif"],
    ["logo.webp", "image/webp"],
    ["logo", "image/png"],
    ["logo.webp", ""],
  ])("accepts %s (%s)", (name, type) => {
    expect(logoFileError(file(name, type))).toBeNull();
  });

  it.each([
    ["logo.svg", "image/svg+xml"],
    ["logo.png", "image/svg+xml"],
    ["logo.svg", "image/png"],
    ["page.html", "text/html"],
    ["logo.bmp", "image/bmp"],
    ["logo.heic", "image/heic"],
    ["document.pdf", "application/pdf"],
    ["logo", ""],
    ["logo.tiff", ""],
  ])("refuses %s (%s) with the type message", (name, type) => {
    expect(logoFileError(file(name, type))).toBe(COMPANY_TEXTS.logoType);
  });

  it("refuses an empty file with the type message", () => {
    expect(logoFileError(file("logo.png", "image/png", 0))).toBe(COMPANY_TEXTS.logoType);
  });

  it("accepts exactly 5 MB and refuses one byte more", () => {
    expect(logoFileError(file("logo.png", "image/png", LOGO_MAX_BYTES))).toBeNull();
    expect(logoFileError(file("logo.png", "image/png", LOGO_MAX_BYTES + 1))).toBe(COMPANY_TEXTS.logoSize);
    expect(COMPANY_TEXTS.logoSize).toBe("Le fichier ne doit pas dépasser 5MB");
  });

  it("reports the type before the size", () => {
    expect(logoFileError(file("logo.svg", "image/svg+xml", LOGO_MAX_BYTES * 2))).toBe(COMPANY_TEXTS.logoType);
  });
});

describe("file picker", () => {
  it("offers the four types and their extensions, nothing else", () => {
    expect(LOGO_ACCEPT.split(",")).toEqual([
      "image/jpeg",
      "image/png",
      "image/gif",
      "image/webp",
      ".jpg",
      ".jpeg",
      ".png",
      ".gif",
      ".webp",
    ]);
    expect(isAcceptedLogoType({ name: "a.PNG", type: "IMAGE/PNG" })).toBe(true);
  });
});
