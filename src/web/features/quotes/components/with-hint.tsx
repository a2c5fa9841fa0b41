import { cn } from "@web/lib/cn";
import type { ReactNode } from "react";

/** A disabled control keeps its explanation on hover (a disabled button gets no pointer events). */
export function WithHint({ hint, children, className }: { hint: string; children: ReactNode; className?: string }) {
  return (
    <span title={hint} className={cn("inline-flex", className)}>
      {children}
    </span>
  );
}
