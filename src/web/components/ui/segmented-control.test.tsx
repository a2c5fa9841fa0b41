import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SegmentedControl } from "./segmented-control";

const OPTIONS = [
  { value: "all", label: "Tous" },
  { value: "active", label: "Actifs" },
  { value: "archived", label: "Archivés" },
] as const;

type Value = (typeof OPTIONS)[number]["value"];

function Controlled({ initial = "all", onChange }: { initial?: Value | ""; onChange?: (value: Value) => void }) {
  const [value, setValue] = useState<Value | "">(initial);
  return (
    <SegmentedControl
      value={value}
      options={OPTIONS}
      label="Filtres rapides"
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

afterEach(cleanup);

const radio = (name: string) => screen.getByRole("radio", { name });

describe("SegmentedControl", () => {
  it("is a named radio group whose chosen option is checked", () => {
    render(<Controlled initial="active" />);
    expect(screen.getByRole("radiogroup", { name: "Filtres rapides" })).toBeTruthy();
    expect(radio("Actifs").getAttribute("aria-checked")).toBe("true");
    expect(radio("Tous").getAttribute("aria-checked")).toBe("false");
  });

  it("chooses an option on click, and not again when it is already chosen", () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    fireEvent.click(radio("Archivés"));
    expect(onChange).toHaveBeenCalledWith("archived");
    expect(radio("Archivés").getAttribute("aria-checked")).toBe("true");
    fireEvent.click(radio("Archivés"));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("is one tab stop: the chosen option, or the first when none is", () => {
    const { unmount } = render(<Controlled initial="archived" />);
    expect(OPTIONS.map((option) => radio(option.label).tabIndex)).toEqual([-1, -1, 0]);
    unmount();
    render(<Controlled initial="" />);
    expect(OPTIONS.map((option) => radio(option.label).tabIndex)).toEqual([0, -1, -1]);
  });

  it("moves the focus with the arrow keys, Home and End, round the ends, without choosing", () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    radio("Tous").focus();
    fireEvent.keyDown(radio("Tous"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(radio("Actifs"));
    fireEvent.keyDown(radio("Actifs"), { key: "End" });
    expect(document.activeElement).toBe(radio("Archivés"));
    fireEvent.keyDown(radio("Archivés"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(radio("Tous"));
    fireEvent.keyDown(radio("Tous"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(radio("Archivés"));
    fireEvent.keyDown(radio("Archivés"), { key: "Home" });
    expect(document.activeElement).toBe(radio("Tous"));
    expect(onChange).not.toHaveBeenCalled();
  });
});
