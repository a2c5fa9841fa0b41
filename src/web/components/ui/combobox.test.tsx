import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ComboboxList, useCombobox } from "./combobox";

afterEach(cleanup);

const OPTIONS = [
  { id: "a", name: "Carrelage" },
  { id: "b", name: "Carreleur" },
];

function Harness({ onPick, onOuterKey }: { onPick: (name: string) => void; onOuterKey: (key: string) => void }) {
  const [text, setText] = useState("");
  const combobox = useCombobox(OPTIONS, (option) => onPick(option.name));
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a dialog's key handler, as Radix's.
    <div onKeyDown={(event) => onOuterKey(event.key)}>
      <input
        aria-label="Recherche"
        role="combobox"
        aria-expanded={combobox.expanded}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          combobox.onInput();
        }}
        onKeyDown={combobox.onKeyDown}
      />
      {combobox.expanded && (
        <ComboboxList
          id="list"
          label="Suggestions"
          options={OPTIONS}
          current={combobox.current}
          onPick={(o) => onPick(o.name)}
        >
          {(option) => option.name}
        </ComboboxList>
      )}
    </div>
  );
}

describe("useCombobox and ComboboxList", () => {
  it("moves with the arrows, chooses with Enter, and Escape closes the list without reaching the dialog", () => {
    const onPick = vi.fn();
    const onOuterKey = vi.fn();
    render(<Harness onPick={onPick} onOuterKey={onOuterKey} />);
    const input = screen.getByRole("combobox", { name: "Recherche" });
    fireEvent.change(input, { target: { value: "carre" } });
    expect(screen.getByRole("option", { name: "Carrelage" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getByRole("option", { name: "Carreleur" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onPick).toHaveBeenCalledWith("Carreleur");

    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onOuterKey).not.toHaveBeenCalledWith("Escape");
    // Closed, Escape is the dialog's again.
    fireEvent.keyDown(input, { key: "Escape" });
    expect(onOuterKey).toHaveBeenCalledWith("Escape");
  });

  it("chooses an option on mousedown (before the field loses the focus)", () => {
    const onPick = vi.fn();
    render(<Harness onPick={onPick} onOuterKey={() => {}} />);
    fireEvent.change(screen.getByRole("combobox", { name: "Recherche" }), { target: { value: "c" } });
    fireEvent.mouseDown(screen.getByRole("option", { name: "Carrelage" }));
    expect(onPick).toHaveBeenCalledWith("Carrelage");
  });
});
