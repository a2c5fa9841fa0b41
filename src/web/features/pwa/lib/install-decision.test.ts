import { describe, expect, it } from "vitest";
import { type InstallPromptContext, parseVisitCount, shouldShowInstallPrompt } from "./install-decision";

const base: InstallPromptContext = {
  promptAvailable: true,
  visitCount: 1,
  isMobile: false,
  dismissed: false,
  installed: false,
};

describe("shouldShowInstallPrompt", () => {
  it("waits for the 3rd visit on desktop", () => {
    expect(shouldShowInstallPrompt({ ...base, visitCount: 1 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, visitCount: 2 })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, visitCount: 3 })).toBe(true);
    expect(shouldShowInstallPrompt({ ...base, visitCount: 8 })).toBe(true);
  });

  it("shows at once on mobile", () => {
    expect(shouldShowInstallPrompt({ ...base, isMobile: true })).toBe(true);
  });

  it("never shows without the browser's install event, once dismissed or once installed", () => {
    expect(shouldShowInstallPrompt({ ...base, isMobile: true, promptAvailable: false })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, isMobile: true, dismissed: true })).toBe(false);
    expect(shouldShowInstallPrompt({ ...base, visitCount: 5, installed: true })).toBe(false);
  });
});

describe("parseVisitCount", () => {
  it("reads stored counts defensively", () => {
    expect(parseVisitCount(null)).toBe(0);
    expect(parseVisitCount("4")).toBe(4);
    expect(parseVisitCount("abc")).toBe(0);
    expect(parseVisitCount("-3")).toBe(0);
  });
});
