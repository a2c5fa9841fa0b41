/**
 * Toast constants (docs/domain/shell.md#toasts). Sonner 2 exposes position, duration, visible count, gap and
 * width (CSS variable --width); its swipe threshold (45 px) and exit animation (200 ms) are
 * built in, so the 20 px threshold cannot be applied; the exit duration already matches.
 */
export const TOAST_CONFIG = {
  position: "bottom-right",
  durationMs: 4000,
  visibleToasts: 3,
  gapPx: 14,
  widthPx: 356,
  swipeThresholdPx: 20,
  exitAnimationMs: 200,
} as const;
