import { cn } from "@web/lib/cn";
import type { ReactNode } from "react";
import { DialogDescription, DialogTitle } from "./dialog";

export interface ModalHeaderProps {
  /** The dialog's title (its accessible name). */
  title: ReactNode;
  /** Under the title (the dialog's description). */
  description?: ReactNode;
  /** The description's id, given to the modal as `aria-describedby`. */
  descriptionId?: string;
  titleClassName?: string;
  descriptionClassName?: string;
  isMobile: boolean;
  /** The header's padding when the body's differs (the client form's). */
  className?: string;
  /** Beside the title and description (an avatar, a badge above the title…). */
  children?: ReactNode;
}

/**
 * The header of a dialog or a sheet in a `ResponsiveModal`: its title and description over a line,
 * room left on the right for the ✕ (« Fermer », drawn by the modal).
 */
export function ModalHeader({
  title,
  description,
  descriptionId,
  titleClassName,
  descriptionClassName,
  isMobile,
  className,
  children,
}: ModalHeaderProps) {
  return (
    <div
      className={cn(
        "flex flex-col gap-1.5 border-b border-border",
        className ?? (isMobile ? "px-5 pt-3 pb-4" : "px-6 py-5"),
        "pr-14",
      )}
    >
      {children}
      <DialogTitle className={titleClassName}>{title}</DialogTitle>
      {description !== undefined && (
        <DialogDescription id={descriptionId} className={descriptionClassName}>
          {description}
        </DialogDescription>
      )}
    </div>
  );
}
