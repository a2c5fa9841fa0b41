import { describe, expect, it } from "vitest";
import { nextPage } from "./next-page";

const page = (rows: number, total: number, number: number) => ({
  data: Array(rows).fill(0),
  meta: { total, page: number },
});

describe("nextPage", () => {
  it("asks for the next page until every row of the total is loaded", () => {
    const first = page(50, 120, 1);
    expect(nextPage(first, [first])).toBe(2);
    const third = page(20, 120, 3);
    expect(nextPage(third, [first, page(50, 120, 2), third])).toBeUndefined();
  });

  it("stops on an empty page (the total shrank meanwhile)", () => {
    const first = page(50, 120, 1);
    const empty = page(0, 120, 2);
    expect(nextPage(empty, [first, empty])).toBeUndefined();
  });
});
