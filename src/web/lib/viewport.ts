/**
 * The three layouts, chosen by the viewport's width only (docs/domain/shell.md#layout, ADR 0005 §9):
 * a touch screen is not a phone — an iPad in landscape is as wide as a laptop and gets its layout.
 * Touch changes the size of the targets (44 px, `pointer-coarse:` in the primitives), not the layout.
 */
export type Viewport = "phone" | "tablet" | "desktop";

/** From this width, the tablet layout (e.g. an iPad in portrait, 768 px). */
export const TABLET_MIN_WIDTH = 768;
/** From this width, the desktop layout: sidebar and tables (an iPad in landscape, a laptop). */
export const DESKTOP_MIN_WIDTH = 1024;

export function viewportOf(width: number): Viewport {
  if (width >= DESKTOP_MIN_WIDTH) return "desktop";
  if (width >= TABLET_MIN_WIDTH) return "tablet";
  return "phone";
}
