import { formatEuro, formatPercent } from "@shared/format";
import { VAT_RATES } from "@shared/quote-rules";
import type { QuoteInput } from "@shared/quotes";
import { Button } from "@web/components/ui/button";
import { DecimalInput } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { ArrowDown, ArrowUp, ListPlus, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId } from "react";
import { type FieldError, type UseFormReturn, useFieldArray } from "react-hook-form";
import { toast } from "sonner";
import { emptyItem, priceText, type QuoteFormFields, unitOptions } from "../lib/quote-form";
import { LineNameField } from "./line-name-field";

type Form = UseFormReturn<QuoteFormFields, unknown, QuoteInput>;
type ItemField = "name" | "description" | "quantity" | "unit" | "unit_price" | "tax_rate";

export interface QuoteItemsEditorProps {
  form: Form;
  /**
   * Line amounts HT in screen order (shared computation): French practice writes a line's amount
   * before VAT, and the totals carry the VAT (docs/domain/quotes.md#screen).
   */
  lineAmounts: readonly number[];
  /**
   * Ignored: the editor lays its lines out by its own width (container queries), so a tablet, an iPad
   * in landscape or a narrow desktop window each get the layout their width allows.
   */
  isMobile?: boolean;
}

/** Texts of the undo toast after a line is deleted. */
export const LINE_REMOVED_TEXTS = {
  removed: (line: number) => `Ligne ${line} supprimée`,
  undo: "Annuler",
} as const;

/** VAT rates of the select; a stored rate outside the list stays selectable. */
function vatOptions(current: string): string[] {
  const rates = VAT_RATES.map(String);
  return current && !rates.includes(current) && !Number.isNaN(Number(current)) ? [...rates, current] : rates;
}

/*
 * Three layouts of one DOM, chosen by the width of the editor (`@container`), never by the device:
 * - cards (narrower than 36rem: a phone): each line a card, labelled fields two by two;
 * - compact (36rem to 56rem: a tablet, an iPad in landscape beside the sidebar): designation and
 *   description on a row, the figures on one row below them, the tools on the right;
 * - table (56rem and wider: a laptop): one row per line under a header row.
 * Touch screens get 44 px tools whatever the layout (`pointer-coarse:` in Button); the tools column grows with them.
 */
const TABLE_COLUMNS =
  "@4xl:grid-cols-[minmax(0,1fr)_5.5rem_6.75rem_7rem_5.75rem_6.75rem_var(--tools)] [--tools:4.25rem] pointer-coarse:[--tools:5.75rem]";
const LINE_GRID = cn(
  "grid grid-cols-2 items-start gap-x-3 gap-y-3 [&>*]:min-w-0",
  "[grid-template-areas:'label_tools'_'name_name'_'desc_desc'_'qty_unit'_'price_tva'_'errors_errors'_'total_total']",
  "@xl:grid-cols-[5.5rem_6.75rem_7rem_5.75rem_minmax(0,1fr)_auto] @xl:gap-x-2 @xl:gap-y-2",
  "@xl:[grid-template-areas:'name_name_name_name_name_tools'_'desc_desc_desc_desc_desc_tools'_'qty_unit_price_tva_total_total'_'errors_errors_errors_errors_errors_errors']",
  TABLE_COLUMNS,
  "@4xl:gap-y-1.5 @4xl:[grid-template-areas:'name_qty_unit_price_tva_total_tools'_'desc_._._._._._.'_'errors_errors_errors_errors_errors_errors_errors']",
);
/** Labels shown on the cards, and in the compact layout for the figures; the table has its header row. */
const FIGURE_LABEL = "text-[0.8125rem] @xl:text-xs @xl:font-normal @xl:text-muted-foreground @4xl:sr-only";
const TEXT_LABEL = "text-[0.8125rem] @xl:sr-only";

/** The line editor (docs/domain/quotes.md#screen): add, remove (with « Annuler »), move lines. */
export function QuoteItemsEditor({ form, lineAmounts }: QuoteItemsEditorProps) {
  const { control } = form;
  const { fields, append, remove, move, insert } = useFieldArray({ control, name: "items" });
  const baseId = useId();

  const add = () => append(emptyItem(), { shouldFocus: true });

  const removeLine = (index: number) => {
    const removed = form.getValues(`items.${index}`);
    remove(index);
    toast(LINE_REMOVED_TEXTS.removed(index + 1), {
      action: {
        label: LINE_REMOVED_TEXTS.undo,
        // Back at its place (or last, if lines were removed since).
        onClick: () => insert(Math.min(index, form.getValues("items").length), removed, { shouldFocus: false }),
      },
    });
  };

  if (fields.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-md border border-dashed border-input px-4 py-8 text-center">
        <ListPlus aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">Aucune ligne. Ajoutez les prestations et fournitures du devis.</p>
        <Button variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden="true" />
          Ajouter une ligne
        </Button>
      </div>
    );
  }

  return (
    <div className="@container flex flex-col gap-3" data-testid="quote-items-editor">
      <div
        aria-hidden="true"
        className={cn(
          "hidden gap-x-2 px-2 text-xs font-medium text-muted-foreground @4xl:grid [&>*]:min-w-0",
          TABLE_COLUMNS,
        )}
      >
        <span>Désignation</span>
        <span>Quantité</span>
        <span>Unité</span>
        <span>Prix unit. HT</span>
        <span>TVA</span>
        <span className="text-right">Total HT</span>
        <span />
      </div>
      <ol aria-label="Lignes du devis" className="flex flex-col gap-3 @xl:gap-2">
        {fields.map((field, index) => (
          <ItemRow
            key={field.id}
            form={form}
            index={index}
            count={fields.length}
            idPrefix={`${baseId}-${field.id}`}
            total={lineAmounts[index] ?? 0}
            onMove={(to) => move(index, to)}
            onRemove={() => removeLine(index)}
          />
        ))}
      </ol>
      <Button variant="outline" onClick={add} className="w-full @xl:w-auto @xl:self-start">
        <Plus aria-hidden="true" />
        Ajouter une ligne
      </Button>
    </div>
  );
}

interface ItemRowProps {
  form: Form;
  index: number;
  count: number;
  idPrefix: string;
  total: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ItemRow({ form, index, count, idPrefix, total, onMove, onRemove }: ItemRowProps) {
  const { register, formState, watch } = form;
  const line = index + 1;
  const itemErrors = formState.errors.items?.[index] as Partial<Record<ItemField, FieldError>> | undefined;
  const errorOf = (field: ItemField) => itemErrors?.[field]?.message;
  const ids = (field: ItemField) => ({ input: `${idPrefix}-${field}`, error: `${idPrefix}-${field}-error` });
  const a11y = (field: ItemField) => ({
    id: ids(field).input,
    "aria-invalid": errorOf(field) ? true : undefined,
    "aria-describedby": errorOf(field) ? ids(field).error : undefined,
  });
  const unit = watch(`items.${index}.unit`);
  const taxRate = watch(`items.${index}.tax_rate`);
  const rowErrors = (["name", "description", "quantity", "unit", "unit_price", "tax_rate"] as const).filter((f) =>
    Boolean(errorOf(f)),
  );

  /** A field with its label; the label's « (ligne N) » is for screen readers. */
  const field = (name: ItemField, text: string, area: string, labelClass: string, control: ReactNode) => (
    <div className={cn("flex flex-col gap-1.5", area)}>
      <Label htmlFor={ids(name).input} className={labelClass}>
        {text}
        <span className="sr-only"> (ligne {line})</span>
      </Label>
      {control}
    </div>
  );

  return (
    <li
      className="rounded-lg border border-border bg-muted/30 p-3 @xl:rounded-md @xl:bg-muted/25 @xl:p-2"
      aria-label={`Ligne ${line}`}
    >
      <div className={LINE_GRID}>
        <span className="self-center text-sm font-semibold [grid-area:label] @xl:hidden">Ligne {line}</span>

        {field(
          "name",
          "Désignation",
          "[grid-area:name]",
          TEXT_LABEL,
          <LineNameField
            {...a11y("name")}
            placeholder="Désignation"
            registration={register(`items.${index}.name`)}
            onPick={(item) => {
              // The line takes the library item's wording and figures; the quantity stays.
              const set = { shouldDirty: true, shouldValidate: formState.isSubmitted } as const;
              form.setValue(`items.${index}.name`, item.name, set);
              if (item.description) form.setValue(`items.${index}.description`, item.description, set);
              form.setValue(`items.${index}.unit`, item.unit, set);
              form.setValue(`items.${index}.unit_price`, priceText(item.unit_price), set);
              form.setValue(`items.${index}.tax_rate`, String(item.tax_rate), set);
            }}
          />,
        )}
        {field(
          "description",
          "Description",
          "[grid-area:desc]",
          TEXT_LABEL,
          <Textarea
            {...a11y("description")}
            placeholder="Description (facultatif)"
            rows={1}
            className="min-h-9 resize-y py-1.5 text-[0.8125rem] sm:text-[0.8125rem] field-sizing-content pointer-coarse:min-h-11"
            {...register(`items.${index}.description`)}
          />,
        )}
        {field(
          "quantity",
          "Quantité",
          "[grid-area:qty]",
          FIGURE_LABEL,
          <DecimalInput {...a11y("quantity")} {...register(`items.${index}.quantity`)} />,
        )}
        {field(
          "unit",
          "Unité",
          "[grid-area:unit]",
          FIGURE_LABEL,
          <NativeSelect {...a11y("unit")} {...register(`items.${index}.unit`)}>
            {unitOptions(unit).map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>,
        )}
        {field(
          "unit_price",
          "Prix unitaire HT",
          "[grid-area:price]",
          FIGURE_LABEL,
          <DecimalInput {...a11y("unit_price")} {...register(`items.${index}.unit_price`)} />,
        )}
        {field(
          "tax_rate",
          "TVA",
          "[grid-area:tva]",
          FIGURE_LABEL,
          <NativeSelect {...a11y("tax_rate")} {...register(`items.${index}.tax_rate`)}>
            {vatOptions(taxRate).map((rate) => (
              <option key={rate} value={rate}>
                {formatPercent(Number(rate))}
              </option>
            ))}
          </NativeSelect>,
        )}

        <div
          className={cn(
            "flex items-baseline justify-between border-t border-border pt-2 text-sm [grid-area:total]",
            "@xl:flex-col @xl:items-end @xl:justify-end @xl:gap-1.5 @xl:self-stretch @xl:border-0 @xl:pt-0",
            "@4xl:h-10 @4xl:flex-row @4xl:items-center @4xl:self-start pointer-coarse:@4xl:h-11",
          )}
        >
          <span className="text-muted-foreground @xl:text-xs @4xl:sr-only">Total HT</span>
          <output
            htmlFor={`${ids("quantity").input} ${ids("unit_price").input} ${ids("tax_rate").input}`}
            className="font-semibold tabular-nums @xl:flex @xl:h-10 @xl:items-center @4xl:h-auto pointer-coarse:@xl:h-11"
            data-testid={`quote-line-total-${line}`}
          >
            {formatEuro(total)}
          </output>
        </div>

        <div className="flex items-center justify-end gap-1 [grid-area:tools] @xl:self-start @4xl:gap-0.5">
          <div className="flex gap-1 @4xl:flex-col @4xl:gap-0">
            <Button
              variant="ghost"
              size="icon-sm"
              className="@4xl:h-5 @4xl:w-7 @4xl:rounded-sm pointer-coarse:@4xl:size-11"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={`Monter la ligne ${line}`}
              title="Monter"
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              className="@4xl:h-5 @4xl:w-7 @4xl:rounded-sm pointer-coarse:@4xl:size-11"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={`Descendre la ligne ${line}`}
              title="Descendre"
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive-soft hover:text-destructive"
            onClick={onRemove}
            aria-label={`Supprimer la ligne ${line}`}
            title="Supprimer la ligne"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>

        {rowErrors.length > 0 && (
          <ul className="flex flex-col gap-0.5 text-[0.8125rem] font-medium text-destructive [grid-area:errors]">
            {rowErrors.map((name) => (
              <li key={name} id={ids(name).error}>
                {errorOf(name)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
