import { startTransition, useEffect, useState } from "react";

/** How many items a list shows in its first frame: a phone's screen, two columns of a laptop's. */
export const FIRST_BATCH = 6;

/**
 * The items a list page renders: the first `firstBatch` in the frame where they arrive, all of them from
 * the next frame on (in a transition: React renders them in slices, the page stays responsive). The
 * page's header, figures and first cards paint without waiting for twenty cards to render on a slow
 * phone (ADR 0005 §10 (j)); once shown whole, the list is rendered whole (next pages, « Charger plus »).
 */
export function useProgressiveList<T>(items: readonly T[], firstBatch = FIRST_BATCH): readonly T[] {
  const [whole, setWhole] = useState(false);
  const partial = !whole && items.length > firstBatch;
  useEffect(() => {
    if (!partial) return;
    // The frame after the next one: the first batch has been painted by then.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => startTransition(() => setWhole(true)));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [partial]);
  return partial ? items.slice(0, firstBatch) : items;
}
