import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value";

describe("useDebouncedValue", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives one value, the last, once the changes have paused for the delay", () => {
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ value }) => {
        const debounced = useDebouncedValue(value, 300);
        if (seen.at(-1) !== debounced) seen.push(debounced);
        return debounced;
      },
      { initialProps: { value: "" } },
    );
    // Typed a key every 100 ms: never a pause of 300 ms, so nothing comes out in between.
    for (const value of ["p", "pa", "par", "pari", "paris"]) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("paris");
    expect(seen).toEqual(["", "paris"]);
  });

  it("gives each value that stayed for the delay (a pause while typing)", () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), {
      initialProps: { value: "le" },
    });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe("le");
    rerender({ value: "lef" });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toBe("lef");
  });
});
