import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useProgressiveList } from "./use-progressive-list";

function List({ items }: { items: string[] }) {
  const shown = useProgressiveList(items, 3);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const twoFrames = () =>
  act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

const items = (count: number, prefix = "Devis") => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

afterEach(cleanup);

describe("useProgressiveList", () => {
  it("renders the first batch in the first frame, every item from the next one", async () => {
    render(<List items={items(8)} />);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Devis 1", "Devis 2", "Devis 3"]);
    await twoFrames();
    expect(screen.getAllByRole("listitem")).toHaveLength(8);
  });

  it("renders a short list whole at once", () => {
    render(<List items={items(3)} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
  });

  it("waits for the items to arrive, then shows them in two steps; later lists come whole", async () => {
    const { rerender } = render(<List items={[]} />);
    expect(screen.queryAllByRole("listitem")).toHaveLength(0);
    rerender(<List items={items(5)} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    await twoFrames();
    expect(screen.getAllByRole("listitem")).toHaveLength(5);
    rerender(<List items={items(7, "Page 2")} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(7);
  });
});
