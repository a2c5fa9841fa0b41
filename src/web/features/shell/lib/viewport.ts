/** Mobile layout (docs/domain/shell.md#layout): narrower than 1024 px, or touch-capable and narrower than 1200 px. */
export const MOBILE_MAX_WIDTH = 1024;
export const TOUCH_MOBILE_MAX_WIDTH = 1200;

export function isMobileViewport(width: number, touchCapable: boolean): boolean {
  return width < MOBILE_MAX_WIDTH || (touchCapable && width < TOUCH_MOBILE_MAX_WIDTH);
}
