import { cn } from "@web/lib/cn";
import type { ComponentProps } from "react";

/**
 * A grey placeholder block shown while content loads (hidden from assistive technologies). A `span`
 * shown as a block: it may stand where the text it replaces would, inside a `<p>` too.
 */
export function Skeleton({ className, ...props }: ComponentProps<"span">) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-md bg-muted", className)} {...props} />;
}
