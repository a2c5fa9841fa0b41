import * as CollapsiblePrimitive from "@radix-ui/react-collapsible";

/** Show/hide a region; the trigger carries aria-expanded and aria-controls. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;
export const CollapsibleContent = CollapsiblePrimitive.Content;
