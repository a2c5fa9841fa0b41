import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import { Button } from "@web/components/ui/button";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { type ReactNode, useId } from "react";

/**
 * « Le client est-il satisfait ? » (issue 16, beyond the spec) in the « Terminer le chantier » question:
 * Oui or Non, optional — a second tap on the chosen answer takes it back, and no answer sends nothing.
 * Spans and buttons only: it stands inside the dialog's description paragraph.
 */
export function SatisfactionChoice({
  value,
  onChange,
  disabled = false,
}: {
  value: boolean | null;
  onChange: (value: boolean | null) => void;
  disabled?: boolean;
}) {
  const labelId = useId();
  const option = (answer: boolean, label: string, icon: ReactNode) => (
    <Button
      type="button"
      variant={value === answer ? "default" : "outline"}
      aria-pressed={value === answer}
      disabled={disabled}
      onClick={() => onChange(value === answer ? null : answer)}
      className="min-w-24 flex-1 sm:flex-none"
    >
      {icon}
      {label}
    </Button>
  );
  return (
    <span className="mt-4 flex flex-col gap-2 rounded-lg border border-border bg-muted/40 p-3 text-foreground">
      <span className="text-sm font-medium">
        <span id={labelId}>{DASHBOARD_TEXTS.satisfactionQuestion}</span>{" "}
        <span className="font-normal text-muted-foreground">(facultatif)</span>
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset may not stand in the description's paragraph. */}
      <span role="group" aria-labelledby={labelId} className="flex gap-2">
        {option(true, "Oui", <ThumbsUp aria-hidden="true" />)}
        {option(false, "Non", <ThumbsDown aria-hidden="true" />)}
      </span>
    </span>
  );
}
