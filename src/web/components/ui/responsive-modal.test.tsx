import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useViewport } from "@web/hooks/use-viewport";
import { installBrowserStubs } from "@web/test/render";
import { stubViewport } from "@web/test/viewport-stub";
import { useState } from "react";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { ResponsiveModal } from "./responsive-modal";

// A tablet in portrait (820 px: the sheet); `useViewport` reads it once, on the first render of the file.
const viewport = stubViewport(820);
installBrowserStubs();

afterEach(() => {
  cleanup();
  act(() => viewport.resize(820));
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A form in the modal, its state held inside the modal (as every form of the app holds its own). */
function NoteForm() {
  const [note, setNote] = useState("");
  return (
    <form aria-label="Note">
      <label>
        Note
        <input value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
    </form>
  );
}

function Screen() {
  const isMobile = useViewport() !== "desktop";
  return (
    <ResponsiveModal open onOpenChange={() => {}} isMobile={isMobile} aria-describedby={undefined}>
      <h2>Nouvelle note</h2>
      <NoteForm />
    </ResponsiveModal>
  );
}

describe("ResponsiveModal across a layout switch (issue 32)", () => {
  it("keeps what was typed when a tablet is turned: the sheet becomes a dialog, the form stays the same", () => {
    render(<Screen />);
    const field = screen.getByRole("textbox", { name: "Note" });
    fireEvent.change(field, { target: { value: "Carrelage salle de bain" } });
    const frame = screen.getByRole("dialog");
    expect(frame.className).toContain("bottom-0");

    act(() => viewport.resize(1180)); // landscape: the desktop layout
    expect(screen.getByRole("dialog").className).toContain("top-1/2");
    expect(screen.getByRole("textbox", { name: "Note" })).toBe(field);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Note" }).value).toBe("Carrelage salle de bain");

    act(() => viewport.resize(820)); // back to portrait
    expect(screen.getByRole("dialog").className).toContain("bottom-0");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Note" }).value).toBe("Carrelage salle de bain");
  });

  it("keeps the focus in the field being typed in when a window is resized across 1024 px", () => {
    render(<Screen />);
    const field = screen.getByRole("textbox", { name: "Note" });
    act(() => field.focus());
    fireEvent.change(field, { target: { value: "Peinture" } });
    act(() => viewport.resize(1280));
    expect(document.activeElement).toBe(field);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Note" }).value).toBe("Peinture");
  });
});
