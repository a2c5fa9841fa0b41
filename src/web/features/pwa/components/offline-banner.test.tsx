import { act, cleanup, render, screen } from "@testing-library/react";
import { PHONE_CHROME } from "@web/lib/phone-chrome";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_MESSAGE, OfflineBanner } from "./offline-banner";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("OfflineBanner", () => {
  it("says nothing online; offline, its message in at most PHONE_CHROME.offlineBanner px on a phone (issue 32)", () => {
    const online = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
    online.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    const banner = screen.getByTestId("offline-banner");
    expect(banner.textContent).toBe(OFFLINE_MESSAGE);
    expect(banner.style.maxHeight).toBe(`${PHONE_CHROME.offlineBanner}px`);
    // Two lines of 16 px and 4 px above and below on a phone: 2 × 16 + 2 × 4 + 1 (border) = 41.
    expect(banner.className).toMatch(/(^| )py-1( |$)/);
    expect(banner.className).toMatch(/(^| )text-xs( |$)/);
    expect(banner.className).toMatch(/(^| )leading-4( |$)/);
    expect(banner.querySelector(".line-clamp-2")?.textContent).toBe(OFFLINE_MESSAGE);
  });
});
