import { DecimalInput } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { useId } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { DiscountMode } from "./line-fields";

/** The two fields of a discount, in any document's form. */
interface DiscountFieldsForm {
  discount_percentage: string;
  discount_amount: string;
}

const DISCOUNT_MODES = [
  { value: "percentage", label: "Pourcentage" },
  { value: "amount", label: "Montant fixe" },
] as const satisfies readonly { value: DiscountMode; label: string }[];

export interface DiscountFieldsProps<T extends DiscountFieldsForm, O> {
  form: UseFormReturn<T, unknown, O>;
  mode: DiscountMode;
  onModeChange: (mode: DiscountMode) => void;
  error: string | undefined;
}

/**
 * Discount as a percentage (0–100) or a fixed amount excluding VAT: one or the other (the form resets
 * the other to 0 when the mode changes).
 */
export function DiscountFields<T extends DiscountFieldsForm, O>({
  form: documentForm,
  mode,
  onModeChange,
  error,
}: DiscountFieldsProps<T, O>) {
  const form = documentForm as unknown as UseFormReturn<DiscountFieldsForm>;
  const id = useId();
  const errorId = `${id}-error`;
  const a11y = {
    id: `${id}-value`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-medium">Remise</legend>
      <SegmentedControl
        value={mode}
        onChange={onModeChange}
        label="Type de remise"
        options={DISCOUNT_MODES}
        className="w-full"
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={a11y.id}>{mode === "percentage" ? "Remise (%)" : "Remise (€ HT)"}</Label>
        <div className="relative">
          {/* One input per mode (key): switching starts from the other field's own value. */}
          <DecimalInput
            key={mode}
            max={mode === "percentage" ? "100" : undefined}
            className="pr-9"
            {...a11y}
            {...form.register(mode === "percentage" ? "discount_percentage" : "discount_amount")}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
          >
            {mode === "percentage" ? "%" : "€"}
          </span>
        </div>
        {error && (
          <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
            {error}
          </p>
        )}
        <p className="text-xs text-muted-foreground">La TVA est calculée après la remise, répartie entre les taux.</p>
      </div>
    </fieldset>
  );
}
