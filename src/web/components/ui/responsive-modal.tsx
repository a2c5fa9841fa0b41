import { cn } from "@web/lib/cn";
import type { ReactNode } from "react";
import { Dialog, DialogContent } from "./dialog";
import { Sheet, SheetContent } from "./sheet";

export interface ResponsiveModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  children: ReactNode;
  /** Classes of the centred dialog (desktop). */
  dialogClassName?: string;
  /** Classes of the sheet (mobile). */
  sheetClassName?: string;
  "aria-describedby"?: string;
  /** Keep the dialog open on a click outside (forms with unsaved input). */
  modalLock?: boolean;
}

/** A centred dialog on desktop, a sheet from the bottom on mobile (client form and detail, quote dialog). */
export function ResponsiveModal({
  open,
  onOpenChange,
  isMobile,
  children,
  dialogClassName,
  sheetClassName,
  modalLock = false,
  ...rest
}: ResponsiveModalProps) {
  const outside = modalLock ? (event: Event) => event.preventDefault() : undefined;
  if (isMobile) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          side="bottom"
          className={cn("overflow-hidden", sheetClassName)}
          onInteractOutside={outside}
          {...rest}
        >
          {children}
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={dialogClassName} onInteractOutside={outside} {...rest}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
