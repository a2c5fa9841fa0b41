import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** A disabled control keeps its explanation on hover (a disabled button gets no pointer events). */
export function WithHint({ hint, children, className }: { hint: string; children: ReactNode; className?: string }) {
  return (
    <span title={hint} className={cn("inline-flex", className)}>
      {children}
    </span>
  );
}
