import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

export interface FormActionsProps {
  isMobile: boolean;
  /** The save is under way: both buttons wait, the submit one says « En cours… ». */
  pending: boolean;
  /** « Annuler »; left out when absent (a settings form with nothing to undo). */
  onCancel?: () => void;
  /** The submit button's words (« Créer le devis », « Enregistrer »…), an icon before them if given. */
  submitLabel: ReactNode;
  /** Submitting is refused even when not pending (a settings form with nothing changed). */
  submitDisabled?: boolean;
}

/**
 * The buttons that end every form: « Annuler » then the submit button, side by side and as wide as
 * each other on phones (44 px touch targets come from Button). The footer around them (dialog, bottom
 * sheet, page, sticky save bar) belongs to the screen.
 */
export function FormActions({ isMobile, pending, onCancel, submitLabel, submitDisabled = false }: FormActionsProps) {
  return (
    <>
      {onCancel && (
        <Button variant="outline" onClick={onCancel} disabled={pending} className={cn(isMobile && "flex-1")}>
          Annuler
        </Button>
      )}
      <Button type="submit" disabled={pending || submitDisabled} className={cn(isMobile && "flex-1")}>
        {pending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            En cours…
          </>
        ) : (
          submitLabel
        )}
      </Button>
    </>
  );
}
