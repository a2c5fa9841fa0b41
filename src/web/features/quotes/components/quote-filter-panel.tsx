import { Button } from "@web/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@web/components/ui/sheet";
import { SelectFilters, type SelectFiltersProps } from "./quote-filters";

export interface MobileFilterPanelProps extends Omit<SelectFiltersProps, "visibleLabels" | "className"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClear: () => void;
  resultCount: string | null;
}

/**
 * The mobile filter side panel (docs/domain/quotes.md#screen) with 'Effacer'; quotes-page.tsx loads it
 * when first opened (Radix Dialog stays out of the list's first load).
 */
export function MobileFilterPanel({ open, onOpenChange, onClear, resultCount, ...selects }: MobileFilterPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[min(22rem,88vw)] max-w-none">
        <SheetHeader className="border-b border-border pt-4 pb-4">
          <SheetTitle>Filtres</SheetTitle>
          <SheetDescription>Affinez la liste par statut et par client, et choisissez son ordre.</SheetDescription>
        </SheetHeader>
        <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-5">
          <SelectFilters {...selects} visibleLabels className="flex flex-col gap-5" />
        </div>
        <div className="flex gap-2 border-t border-border px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]">
          <Button variant="outline" className="flex-1" onClick={onClear}>
            Effacer
          </Button>
          <Button className="flex-1" onClick={() => onOpenChange(false)}>
            {resultCount ? `Voir ${resultCount}` : "Appliquer"}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
