import { useState } from "react";

/**
 * True from the first time `open` is true: a lazily loaded dialog (React.lazy) is mounted when first
 * opened, so its code (forms, zod resolvers) stays out of the list page's first load, and stays mounted
 * afterwards so it can animate its closing.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
