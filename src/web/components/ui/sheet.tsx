import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "@web/lib/cn";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { DialogOverlay, popupOpenIn } from "./dialog";

/** A drawer built on the Radix dialog: a bottom sheet on mobile, or a side panel (left or right). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: "bottom" | "left" | "right";
  showClose?: boolean;
}

/** The frame of a sheet (`SheetContent`, and `ResponsiveModal` on a phone or a tablet). */
export function sheetContentClass(side: "bottom" | "left" | "right"): string {
  return cn(
    "fixed z-50 flex flex-col bg-card shadow-elevated outline-none",
    side === "bottom" &&
      "inset-x-0 bottom-0 max-h-[88dvh] rounded-t-xl border-t border-border pb-[env(safe-area-inset-bottom)] animate-slide-up",
    side === "left" &&
      "inset-y-0 left-0 w-(--width-sidebar-mobile) max-w-[85vw] border-r border-border animate-fade-in",
    side === "right" &&
      "inset-y-0 right-0 w-(--width-sidebar-mobile) max-w-[85vw] border-l border-border pb-[env(safe-area-inset-bottom)] animate-fade-in",
  );
}
/** Its ✕ in the top-right corner (44 px: a touch screen). */
export const SHEET_CLOSE_CLASS =
  "absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground";

export function SheetContent({ className, children, side = "bottom", showClose = true, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(sheetContentClass(side), className)}
        {...props}
        onEscapeKeyDown={(event) => {
          if (popupOpenIn(event)) return event.preventDefault();
          props.onEscapeKeyDown?.(event);
        }}
      >
        {/* No drag handle: it promised a swipe-to-close that did nothing; ✕, Escape and « Annuler » close. */}
        {children}
        {showClose && (
          <DialogPrimitive.Close className={SHEET_CLOSE_CLASS} aria-label="Fermer">
            <X aria-hidden="true" className="size-5" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1 px-5 pt-3 pb-2 pr-14", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-base font-semibold tracking-tight", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
