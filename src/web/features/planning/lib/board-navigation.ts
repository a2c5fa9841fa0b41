/**
 * The keyboard move on the desktop board (docs/domain/planning.md#screen): while a worksite is held,
 * ← → go to the previous or next day in the same team's row, ↑ ↓ to the same day in the row above or
 * below. Pure: the board hands the cells' boxes in, dnd-kit moves the card to the cell chosen.
 */

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Direction = "left" | "right" | "up" | "down";

export const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
};

const centre = (box: Box) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });

/** The cell holding the point (x, y), if any. */
export function cellAt<Id>(cells: readonly { id: Id; box: Box }[], x: number, y: number): Id | null {
  for (const cell of cells) {
    const { left, top, width, height } = cell.box;
    if (x >= left && x < left + width && y >= top && y < top + height) return cell.id;
  }
  return null;
}

/**
 * The neighbour of `from` in `direction`: the nearest cell of the same row (left, right) or of the same
 * column (up, down), by the distance between their centres; null at the edge of the board.
 */
export function neighbourCell<Id>(
  from: Box,
  cells: readonly { id: Id; box: Box }[],
  direction: Direction,
): { id: Id; box: Box } | null {
  const here = centre(from);
  let best: { id: Id; box: Box } | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const cell of cells) {
    const there = centre(cell.box);
    const sameRow = Math.abs(there.y - here.y) < Math.max(from.height, cell.box.height) / 2;
    const sameColumn = Math.abs(there.x - here.x) < Math.max(from.width, cell.box.width) / 2;
    const ahead =
      direction === "right"
        ? sameRow && there.x > here.x + 1
        : direction === "left"
          ? sameRow && there.x < here.x - 1
          : direction === "down"
            ? sameColumn && there.y > here.y + 1
            : sameColumn && there.y < here.y - 1;
    if (!ahead) continue;
    const distance = Math.hypot(there.x - here.x, there.y - here.y);
    if (distance < bestDistance) {
      best = cell;
      bestDistance = distance;
    }
  }
  return best;
}
