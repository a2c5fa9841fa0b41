import type { ReactNode } from "react";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Sheet, SheetContent } from "../../../components/ui/sheet";
import { cn } from "../../../lib/cn";

export interface ResponsiveModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  children: ReactNode;
  /** Classes of the centred dialog (desktop). */
  dialogClassName?: string;
  /** Classes of the bottom sheet (mobile). */
  sheetClassName?: string;
  /** The accessible name comes from a DialogTitle inside; the description id, when there is one. */
  "aria-describedby"?: string;
}

/** A modal dialog on desktop, a bottom sheet on mobile (spec 1 §2: client form and client detail). */
export function ResponsiveModal({
  open,
  onOpenChange,
  isMobile,
  children,
  dialogClassName,
  sheetClassName,
  ...rest
}: ResponsiveModalProps) {
  if (isMobile) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent side="bottom" className={cn("overflow-hidden", sheetClassName)} {...rest}>
          {children}
        </SheetContent>
      </Sheet>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={dialogClassName} {...rest}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
