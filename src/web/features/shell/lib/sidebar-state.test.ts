import { describe, expect, it } from "vitest";
import { isSidebarShortcut, readSidebarState, SIDEBAR_STATE_MAX_AGE_MS, serializeSidebarState } from "./sidebar-state";

const NOW = Date.UTC(2026, 0, 15, 10);
const DAY = 24 * 60 * 60 * 1000;

describe("sidebar state", () => {
  it("is remembered for 7 days", () => {
    expect(SIDEBAR_STATE_MAX_AGE_MS).toBe(7 * DAY);
    const stored = serializeSidebarState(false, NOW);
    expect(readSidebarState(stored, NOW)).toBe(false);
    expect(readSidebarState(stored, NOW + 7 * DAY - 1)).toBe(false);
    expect(readSidebarState(serializeSidebarState(true, NOW), NOW + 6 * DAY)).toBe(true);
  });

  it("is forgotten once expired", () => {
    const stored = serializeSidebarState(false, NOW);
    expect(readSidebarState(stored, NOW + 7 * DAY)).toBeNull();
    expect(readSidebarState(stored, NOW + 30 * DAY)).toBeNull();
  });

  it("ignores malformed or implausible values", () => {
    expect(readSidebarState(null, NOW)).toBeNull();
    expect(readSidebarState("false", NOW)).toBeNull();
    expect(readSidebarState({ open: "no", expiresAt: NOW + DAY }, NOW)).toBeNull();
    expect(readSidebarState({ open: true }, NOW)).toBeNull();
    expect(readSidebarState({ open: true, expiresAt: NOW + 365 * DAY }, NOW)).toBeNull();
  });

  it("toggles on Ctrl+B and Cmd+B only", () => {
    const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>>) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isSidebarShortcut(key("b", { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("B", { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("b", {}))).toBe(false);
    expect(isSidebarShortcut(key("b", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key("n", { ctrlKey: true }))).toBe(false);
  });
});
