import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useWhenIdle } from "./use-when-idle";

function Probe() {
  return <p>{useWhenIdle() ? "au repos" : "occupé"}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useWhenIdle", () => {
  it("waits for the page's load event, then for an idle moment", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    const idleCallbacks: IdleRequestCallback[] = [];
    const requestIdle = vi.fn((callback: IdleRequestCallback) => idleCallbacks.push(callback));
    vi.stubGlobal("requestIdleCallback", requestIdle);
    vi.stubGlobal("cancelIdleCallback", vi.fn());
    render(<Probe />);
    expect(screen.getByText("occupé")).toBeTruthy();
    expect(requestIdle).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event("load"));
    });
    expect(requestIdle).toHaveBeenCalledTimes(1);
    expect(screen.getByText("occupé")).toBeTruthy();

    act(() => {
      idleCallbacks[0]?.({ didTimeout: false, timeRemaining: () => 10 });
    });
    expect(screen.getByText("au repos")).toBeTruthy();
  });

  it("asks for the idle moment at once when the page has already loaded", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    vi.stubGlobal("requestIdleCallback", undefined);
    render(<Probe />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByText("au repos")).toBeTruthy();
  });
});
