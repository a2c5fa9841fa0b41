import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A window of a given width whose media queries are driven by the test (jsdom has none). */
function stubWindow(initialWidth: number) {
  let width = initialWidth;
  let reads = 0;
  const listeners: Array<() => void> = [];
  vi.spyOn(window, "innerWidth", "get").mockImplementation(() => {
    reads += 1;
    return width;
  });
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      media: query,
      matches: false,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: vi.fn(),
    })),
  );
  return {
    reads: () => reads,
    resize(to: number) {
      width = to;
      for (const listener of listeners) listener();
    },
  };
}

/** Renders what the hook answers; the hook comes from a fresh import of the module (its state is per module). */
function Probe({ read, name = "" }: { read: () => string; name?: string }) {
  const viewport = read();
  return <p>{name ? `${name} : ${viewport}` : viewport}</p>;
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("useViewport", () => {
  it("reads the width once, not on every render of every component (each read lays the page out)", async () => {
    const window = stubWindow(412);
    const { useViewport } = await import("./use-viewport");
    const { rerender } = render(
      <>
        <Probe read={useViewport} name="a" />
        <Probe read={useViewport} name="b" />
        <Probe read={useViewport} name="c" />
      </>,
    );
    for (let i = 0; i < 3; i++)
      rerender(
        <>
          <Probe read={useViewport} name="a" />
          <Probe read={useViewport} name="b" />
          <Probe read={useViewport} name="c" />
        </>,
      );
    expect(screen.getByText("a : phone")).toBeTruthy();
    expect(window.reads()).toBe(1);
  });

  it("follows the width when it crosses a boundary (a tablet turned, a window resized)", async () => {
    const window = stubWindow(412);
    const { useViewport } = await import("./use-viewport");
    render(<Probe read={useViewport} />);
    expect(screen.getByText("phone")).toBeTruthy();
    act(() => window.resize(1180));
    expect(screen.getByText("desktop")).toBeTruthy();
    act(() => window.resize(820));
    expect(screen.getByText("tablet")).toBeTruthy();
  });
});
