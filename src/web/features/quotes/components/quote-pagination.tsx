import { Button } from "@web/components/ui/button";
import { ChevronLeft, ChevronRight } from "lucide-react";

export interface QuotePaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Précédent / Suivant and 'Page X sur Y' (20 quotes a page). */
export function QuotePagination({ page, pageCount, onPageChange, disabled = false }: QuotePaginationProps) {
  return (
    <nav aria-label="Pagination des devis" className="flex items-center justify-between gap-3 pt-2">
      <Button variant="outline" onClick={() => onPageChange(page - 1)} disabled={disabled || page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Précédent
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page} sur {pageCount}
      </p>
      <Button variant="outline" onClick={() => onPageChange(page + 1)} disabled={disabled || page >= pageCount}>
        Suivant
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
