import { FormActions } from "@web/components/form/form-actions";
import { cn } from "@web/lib/cn";
import { Save } from "lucide-react";

export interface SaveBarProps {
  isMobile: boolean;
  dirty: boolean;
  saving: boolean;
  onReset: () => void;
}

/**
 * The form's footer: « Enregistrer » (disabled while nothing changed or while saving) and, once
 * something changed, « Annuler ». It sticks to the bottom of the screen while the form scrolls; on
 * mobile it sits right above the bottom tab bar (3.5 rem + its top border).
 */
export function SaveBar({ isMobile, dirty, saving, onReset }: SaveBarProps) {
  return (
    <div
      className={cn(
        "sticky z-20 flex items-center gap-3 border-t border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85",
        isMobile
          ? "bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] rounded-b-lg px-4 py-3 shadow-[0_-6px_16px_-10px_rgb(15_23_42/0.25)]"
          : "bottom-0 rounded-b-lg px-6 py-4",
      )}
    >
      <p aria-live="polite" className={cn("mr-auto text-[0.8125rem]", isMobile ? "sr-only" : "text-muted-foreground")}>
        {dirty ? (
          <span className="inline-flex items-center gap-2 font-medium text-warning-soft-foreground">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
            Modifications non enregistrées
          </span>
        ) : (
          "Aucune modification en attente"
        )}
      </p>
      <FormActions
        isMobile={isMobile}
        pending={saving}
        onCancel={dirty ? onReset : undefined}
        submitDisabled={!dirty}
        submitLabel={
          <>
            <Save aria-hidden="true" />
            Enregistrer
          </>
        }
      />
    </div>
  );
}
