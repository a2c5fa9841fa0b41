import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { cn } from "@web/lib/cn";
import type { ComponentProps, ReactNode } from "react";

export const TooltipProvider = TooltipPrimitive.Provider;

export interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentProps<typeof TooltipPrimitive.Content>["side"];
  /** When false the trigger is rendered without a tooltip. */
  enabled?: boolean;
}

/** A label shown on hover/focus; the trigger must carry its own accessible name. */
export function Tooltip({ content, children, side = "right", enabled = true }: TooltipProps) {
  if (!enabled) return <>{children}</>;
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={8}
          className={cn(
            "z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium text-white shadow-elevated animate-fade-in",
          )}
        >
          {content}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
