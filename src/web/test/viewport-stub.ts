import { vi } from "vitest";

/**
 * A window whose width the test sets, with media queries that tell their listeners when it changes
 * (jsdom has none): a tablet turned, a window resized across the 768 and 1024 px layout switches.
 * Install it before the first render of the test file (`useViewport` reads the width once, then listens).
 */
export function stubViewport(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  vi.spyOn(window, "innerWidth", "get").mockImplementation(() => width);
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      media: query,
      matches: false,
      onchange: null,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
      dispatchEvent: () => true,
    })),
  );
  return {
    /** The window is now this wide: every media query says it changed. */
    resize(to: number) {
      width = to;
      for (const listener of [...listeners]) listener();
    },
  };
}
