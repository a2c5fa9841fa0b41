import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { installBrowserStubs } from "@web/test/render";
import { Copy, Eye, Send } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ActionMenu, type ActionMenuItem } from "./action-menu";

beforeEach(() => installBrowserStubs());
afterEach(cleanup);

const LABEL = "Plus d'actions pour le devis DEV-2026-0001";

function items(onSelect = vi.fn()): ActionMenuItem[][] {
  return [
    [{ label: "Voir le devis", icon: Eye, onSelect: () => onSelect("view") }],
    [],
    [
      { label: "Marquer comme envoyé", icon: Send, onSelect: () => onSelect("send") },
      { label: "Dupliquer", icon: Copy, onSelect: () => onSelect("duplicate") },
    ],
  ];
}

/** Radix opens its menus on pointerdown (mouse) or on the keys; the plain button before it on click. */
async function open() {
  const button = screen.getByRole("button", { name: LABEL });
  await act(async () => {
    fireEvent.click(button);
  });
  return screen.findByRole("menu");
}

describe("ActionMenu: the « … » menu of a list item, loaded on first use", () => {
  it("is a plain button until it is first opened: no menu, no menu code mounted", () => {
    render(<ActionMenu label={LABEL} groups={items()} />);
    const button = screen.getByRole("button", { name: LABEL });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("opens on the first click with the items of the non-empty groups, a separator between groups", async () => {
    render(<ActionMenu label={LABEL} groups={items()} />);
    const menu = await open();
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Voir le devis",
      "Marquer comme envoyé",
      "Dupliquer",
    ]);
    // Three groups of which one is empty: one separator, not two.
    expect(menu.querySelectorAll('[role="separator"]')).toHaveLength(1);
  });

  it("runs the chosen action and closes, the focus back on the button", async () => {
    const onSelect = vi.fn();
    render(<ActionMenu label={LABEL} groups={items(onSelect)} />);
    await open();
    await act(async () => {
      fireEvent.click(screen.getByRole("menuitem", { name: "Marquer comme envoyé" }));
    });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith("send");
    expect(screen.queryByRole("menu")).toBeNull();
    const button = screen.getByRole("button", { name: LABEL });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    // The focus goes back to the button, for a keyboard user to go on from there.
    await waitFor(() => expect(document.activeElement).toBe(button));
    // And the keyboard opens it again, as any Radix menu.
    await act(async () => {
      fireEvent.keyDown(button, { key: "Enter" });
    });
    expect(await screen.findByRole("menu")).toBeTruthy();
  });

  it("is disabled while an action of the item runs", () => {
    render(<ActionMenu label={LABEL} groups={items()} busy />);
    expect((screen.getByRole("button", { name: LABEL }) as HTMLButtonElement).disabled).toBe(true);
  });
});
