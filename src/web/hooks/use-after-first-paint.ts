import { useEffect, useState } from "react";

/**
 * False for the first frame, true once the screen has painted: a part that brings heavy code (a form
 * and its schemas) mounts after the page's header and skeleton are on screen, instead of holding
 * them back while its code downloads.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame after the next one: the current frame has been painted by then.
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, []);
  return painted;
}
