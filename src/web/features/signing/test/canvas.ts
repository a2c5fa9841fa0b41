import { fireEvent } from "@testing-library/react";
import { vi } from "vitest";

/** jsdom has no canvas: a 2D context that draws nothing and a PNG data URL (a 1×1 image's). */
export const STUB_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

export function stubCanvas() {
  const context = {
    setTransform: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    stroke: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockReturnValue(STUB_PNG);
  return context;
}

/** A stroke with the mouse across the pad: press, move twice, release. */
export function drawStroke(pad: HTMLElement) {
  fireEvent.pointerDown(pad, { pointerId: 1, pointerType: "mouse", button: 0, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, pointerType: "mouse", clientX: 40, clientY: 30 });
  fireEvent.pointerMove(pad, { pointerId: 1, pointerType: "mouse", clientX: 80, clientY: 20 });
  fireEvent.pointerUp(pad, { pointerId: 1, pointerType: "mouse", clientX: 80, clientY: 20 });
}
