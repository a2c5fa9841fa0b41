import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAfterFirstPaint } from "./use-after-first-paint";

function Probe() {
  return <p>{useAfterFirstPaint() ? "peint" : "premier rendu"}</p>;
}

describe("useAfterFirstPaint", () => {
  it("is false on the first render, true once two frames have passed", async () => {
    render(<Probe />);
    expect(screen.getByText("premier rendu")).toBeTruthy();
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText("peint")).toBeTruthy();
  });
});
