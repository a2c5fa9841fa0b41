import { libraryListResponseSchema } from "@shared/library";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, installBrowserStubs, makeItem, renderWithProviders } from "../test/render";
import { ArticleSearch } from "./article-search";

let api: FakeApi;
const glue = makeItem({ name: "Colle carrelage" });
const tiles = makeItem({ name: "Carreau 45×45" });

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  api.get("/api/library/items", libraryListResponseSchema, ({ query }) => {
    const search = query.get("search")?.toLowerCase() ?? "";
    const found = [glue, tiles].filter((i) => i.name.toLowerCase().includes(search));
    return { data: found, meta: { total: found.length, page: 1, limit: 8 } };
  });
});
afterEach(cleanup);

describe("ArticleSearch", () => {
  it("adds the highlighted article with Enter, never one of a list for an earlier term", async () => {
    const onPick = vi.fn();
    renderWithProviders(<ArticleSearch exclude={new Set()} onPick={onPick} />);
    const input = screen.getByRole("combobox", { name: "Ajouter un article à l’ouvrage" });
    fireEvent.focus(input);
    expect(await screen.findByRole("option", { name: /Colle carrelage/ })).toBeTruthy();

    // « carreau » typed: until its answer, the list of "" is not offered and Enter adds nothing.
    fireEvent.change(input, { target: { value: "carreau" } });
    const enter = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    input.dispatchEvent(enter);
    expect(onPick).not.toHaveBeenCalled();
    // Nor does it submit the form the search sits in.
    expect(enter.defaultPrevented).toBe(true);
    expect(screen.queryByRole("option")).toBeNull();

    expect(await screen.findByRole("option", { name: /Carreau 45×45/ })).toBeTruthy();
    expect(screen.getAllByRole("option")).toHaveLength(1);
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(onPick).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ id: tiles.id }));
  });

  it("does not offer an article already in the ouvrage", async () => {
    renderWithProviders(<ArticleSearch exclude={new Set([glue.id])} onPick={() => {}} />);
    fireEvent.focus(screen.getByRole("combobox", { name: "Ajouter un article à l’ouvrage" }));
    expect(await screen.findByRole("option", { name: /Carreau 45×45/ })).toBeTruthy();
    expect(screen.queryByRole("option", { name: /Colle carrelage/ })).toBeNull();
  });
});
