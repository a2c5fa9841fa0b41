import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { drawStroke, stubCanvas } from "../test/canvas";
import { SignaturePad } from "./signature-pad";

beforeEach(() => stubCanvas());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("SignaturePad", () => {
  it("hands over a PNG after a stroke, and nothing once « Effacer » is pressed", () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Zone de signature" onChange={onChange} />);
    const clear = screen.getByRole("button", { name: "Effacer" }) as HTMLButtonElement;
    expect(clear.disabled).toBe(true);
    drawStroke(screen.getByRole("img", { name: "Zone de signature" }));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    expect(clear.disabled).toBe(false);
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(clear.disabled).toBe(true);
  });

  it("draws nothing while disabled", () => {
    const onChange = vi.fn();
    render(<SignaturePad label="Zone de signature" onChange={onChange} disabled />);
    drawStroke(screen.getByRole("img", { name: "Zone de signature" }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
