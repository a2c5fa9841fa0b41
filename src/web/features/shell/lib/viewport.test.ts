import { describe, expect, it } from "vitest";
import { isMobileViewport } from "./viewport";

describe("isMobileViewport", () => {
  it("is mobile below 1024 px, touch or not", () => {
    expect(isMobileViewport(390, true)).toBe(true);
    expect(isMobileViewport(1023, false)).toBe(true);
  });

  it("is desktop from 1024 px without touch", () => {
    expect(isMobileViewport(1024, false)).toBe(false);
    expect(isMobileViewport(1280, false)).toBe(false);
  });

  it("keeps touch devices on mobile up to 1199 px", () => {
    expect(isMobileViewport(1024, true)).toBe(true);
    expect(isMobileViewport(1199, true)).toBe(true);
    expect(isMobileViewport(1200, true)).toBe(false);
  });
});
