import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "@web/lib/cn";
import { X } from "lucide-react";
import type { ComponentProps } from "react";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn("fixed inset-0 z-50 bg-[#0f172a]/50 backdrop-blur-[2px] animate-fade-in", className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Show the top-right close button (label « Fermer »). */
  showClose?: boolean;
}

/**
 * Escape closes an open popup inside a dialog (a combobox's list: `role="combobox"` with
 * `aria-expanded="true"` holding the focus) before the dialog itself: the popup closes on its own.
 */
export function popupOpenIn(event: KeyboardEvent): boolean {
  const focused = (event.target as Element | null)?.ownerDocument?.activeElement;
  return Boolean(focused?.matches('[role="combobox"][aria-expanded="true"]'));
}

/** The frame of a centred dialog (`DialogContent`, and `ResponsiveModal` on a wide screen). */
export const DIALOG_CONTENT_CLASS =
  "fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-elevated animate-fade-in";
/** Its ✕ in the top-right corner. */
export const DIALOG_CLOSE_CLASS =
  "absolute top-3 right-3 inline-flex size-9 pointer-coarse:size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground";

/** A centred modal dialog. */
export function DialogContent({ className, children, showClose = true, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(DIALOG_CONTENT_CLASS, className)}
        {...props}
        onEscapeKeyDown={(event) => {
          if (popupOpenIn(event)) return event.preventDefault();
          props.onEscapeKeyDown?.(event);
        }}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close className={DIALOG_CLOSE_CLASS} aria-label="Fermer">
            <X aria-hidden="true" className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-8", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-lg font-semibold tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}
