import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";

/** Where a dragged row would land: the row it is taken from, and its place once dropped. */
export interface SortableState {
  from: number;
  to: number;
  /** How far the pointer moved since the grab (px), for the dragged row's offset. */
  offset: number;
}

export interface SortableOptions {
  /** The list's rows, in order: the elements that carry `data-sortable-row`. */
  listRef: React.RefObject<HTMLElement | null>;
  /** Moves row `from` to place `to` (react-hook-form's `move`). */
  onMove: (from: number, to: number) => void;
}

/**
 * Reordering a list by dragging a row's handle, with a mouse, a pen or a finger (pointer events with
 * capture, so the page does not scroll under the finger: the handle has `touch-action: none`), or by
 * keyboard on the same handle (↑ and ↓ move the row one place). The list's rows are the children
 * marked `data-sortable-row`; the place under the pointer is read from their boxes once, at the grab.
 */
export function useSortable({ listRef, onMove }: SortableOptions) {
  const [state, setState] = useState<SortableState | null>(null);
  const grab = useRef<{ from: number; startY: number; middles: number[] } | null>(null);

  /** The dragged row's place once dropped at `y`: after every other row whose middle is above `y`. */
  const placeAt = (y: number, middles: number[], from: number): number =>
    middles.filter((middle, index) => index !== from && middle < y).length;

  const handleProps = (index: number, count: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      const rows = Array.from(listRef.current?.querySelectorAll<HTMLElement>("[data-sortable-row]") ?? []);
      const middles = rows.map((row) => {
        const box = row.getBoundingClientRect();
        return box.top + box.height / 2;
      });
      grab.current = { from: index, startY: event.clientY, middles };
      event.currentTarget.setPointerCapture?.(event.pointerId);
      setState({ from: index, to: index, offset: 0 });
      event.preventDefault();
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = grab.current;
      if (!current) return;
      setState({
        from: current.from,
        to: placeAt(event.clientY, current.middles, current.from),
        offset: event.clientY - current.startY,
      });
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = grab.current;
      grab.current = null;
      setState(null);
      if (!current) return;
      const to = placeAt(event.clientY, current.middles, current.from);
      if (to !== current.from) onMove(current.from, to);
    },
    onPointerCancel: () => {
      grab.current = null;
      setState(null);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      const to = event.key === "ArrowUp" ? index - 1 : event.key === "ArrowDown" ? index + 1 : null;
      if (to === null || to < 0 || to >= count) return;
      event.preventDefault();
      onMove(index, to);
    },
    style: { touchAction: "none" as const },
  });

  /** The dragged row follows the pointer; the others stay put until it is dropped. */
  const rowStyle = (index: number) =>
    state && state.from === index
      ? { transform: `translateY(${state.offset}px)`, zIndex: 10, position: "relative" as const }
      : undefined;

  return { state, handleProps, rowStyle };
}
