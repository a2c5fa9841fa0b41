import { describe, expect, it } from "vitest";
import { cellAt, neighbourCell } from "./board-navigation";

/** A board of two rows (teams) of three days, cells 100 × 80 from (0, 0). */
const cells = [0, 1].flatMap((row) =>
  [0, 1, 2].map((col) => ({ id: `${row}-${col}`, box: { left: col * 100, top: row * 80, width: 100, height: 80 } })),
);
const box = (id: string) => cells.find((c) => c.id === id)?.box ?? { left: 0, top: 0, width: 0, height: 0 };

describe("the keyboard move between the board's cells", () => {
  it("finds the cell under a point", () => {
    expect(cellAt(cells, 150, 100)).toBe("1-1");
    expect(cellAt(cells, 400, 10)).toBeNull();
  });

  it("goes to the next or previous day in the row, the same day in the row above or below, stops at the edges", () => {
    expect(neighbourCell(box("0-0"), cells, "right")?.id).toBe("0-1");
    expect(neighbourCell(box("0-1"), cells, "left")?.id).toBe("0-0");
    expect(neighbourCell(box("0-2"), cells, "right")).toBeNull();
    expect(neighbourCell(box("0-1"), cells, "down")?.id).toBe("1-1");
    expect(neighbourCell(box("1-2"), cells, "up")?.id).toBe("0-2");
    expect(neighbourCell(box("0-0"), cells, "up")).toBeNull();
  });
});
