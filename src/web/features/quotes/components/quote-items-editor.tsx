import { formatEuro, formatPercent } from "@shared/format";
import type { QuoteInput } from "@shared/quotes";
import { VAT_RATES } from "@shared/quotes";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { ArrowDown, ArrowUp, ListPlus, Plus, Trash2 } from "lucide-react";
import { useId } from "react";
import { type FieldError, type UseFormReturn, useFieldArray } from "react-hook-form";
import { emptyItem, type QuoteFormFields, unitOptions } from "../lib/quote-form";

type Form = UseFormReturn<QuoteFormFields, unknown, QuoteInput>;
type ItemField = "name" | "description" | "quantity" | "unit" | "unit_price" | "tax_rate";

export interface QuoteItemsEditorProps {
  form: Form;
  /** Line totals TTC in screen order (shared computation). */
  lineTotals: readonly number[];
  isMobile: boolean;
}

/** VAT rates of the select; a stored rate outside the list stays selectable. */
function vatOptions(current: string): string[] {
  const rates = VAT_RATES.map(String);
  return current && !rates.includes(current) && !Number.isNaN(Number(current)) ? [...rates, current] : rates;
}

const GRID =
  "grid grid-cols-[minmax(0,1fr)_5.5rem_6.75rem_7rem_5.75rem_6.75rem_4.25rem] items-start gap-x-2 [&>*]:min-w-0";

/** The line editor (docs/domain/quotes.md#screen): add, remove, move lines; a table on desktop, stacked cards on mobile. */
export function QuoteItemsEditor({ form, lineTotals, isMobile }: QuoteItemsEditorProps) {
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: "items" });
  const baseId = useId();

  const add = () => append(emptyItem(), { shouldFocus: true });

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
    <div className="flex flex-col gap-3">
      {!isMobile && (
        <div aria-hidden="true" className={cn(GRID, "px-1 text-xs font-medium text-muted-foreground")}>
          <span>Désignation</span>
          <span>Quantité</span>
          <span>Unité</span>
          <span>Prix unit. HT</span>
          <span>TVA</span>
          <span className="text-right">Total TTC</span>
          <span />
        </div>
      )}
      <ol aria-label="Lignes du devis" className={cn("flex flex-col", isMobile ? "gap-3" : "gap-2")}>
        {fields.map((field, index) => (
          <ItemRow
            key={field.id}
            form={form}
            index={index}
            count={fields.length}
            idPrefix={`${baseId}-${field.id}`}
            total={lineTotals[index] ?? 0}
            isMobile={isMobile}
            onMove={(to) => move(index, to)}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <Button variant="outline" onClick={add} className={cn(isMobile ? "w-full" : "self-start")}>
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
  isMobile: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ItemRow({ form, index, count, idPrefix, total, isMobile, onMove, onRemove }: ItemRowProps) {
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

  const suffix = <span className="sr-only"> (ligne {line})</span>;
  const label = (field: ItemField, text: string) =>
    isMobile ? (
      <Label htmlFor={ids(field).input} className="text-[0.8125rem]">
        {text}
        {suffix}
      </Label>
    ) : null;
  const ariaLabel = (text: string) => (isMobile ? undefined : `${text} (ligne ${line})`);

  const inputs = {
    name: (
      <Input
        {...a11y("name")}
        aria-label={ariaLabel("Désignation")}
        placeholder="Désignation"
        autoComplete="off"
        {...register(`items.${index}.name`)}
      />
    ),
    description: (
      <Textarea
        {...a11y("description")}
        aria-label={ariaLabel("Description")}
        placeholder="Description (facultatif)"
        rows={1}
        className="min-h-9 resize-y py-1.5 text-[0.8125rem] sm:text-[0.8125rem] field-sizing-content"
        {...register(`items.${index}.description`)}
      />
    ),
    quantity: (
      <Input
        {...a11y("quantity")}
        aria-label={ariaLabel("Quantité")}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        className="text-right tabular-nums"
        {...register(`items.${index}.quantity`)}
      />
    ),
    unit: (
      <NativeSelect {...a11y("unit")} aria-label={ariaLabel("Unité")} {...register(`items.${index}.unit`)}>
        {unitOptions(unit).map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </NativeSelect>
    ),
    unit_price: (
      <Input
        {...a11y("unit_price")}
        aria-label={ariaLabel("Prix unitaire HT")}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        className="text-right tabular-nums"
        {...register(`items.${index}.unit_price`)}
      />
    ),
    tax_rate: (
      <NativeSelect {...a11y("tax_rate")} aria-label={ariaLabel("TVA")} {...register(`items.${index}.tax_rate`)}>
        {vatOptions(taxRate).map((rate) => (
          <option key={rate} value={rate}>
            {formatPercent(Number(rate))}
          </option>
        ))}
      </NativeSelect>
    ),
  };

  const tools = (
    <div className={cn("flex shrink-0 items-center", isMobile ? "gap-1" : "gap-0.5")}>
      <div className={cn("flex", isMobile ? "gap-1" : "flex-col")}>
        <Button
          variant="ghost"
          size="icon-sm"
          className={cn(!isMobile && "h-5 w-7 rounded-sm")}
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
          className={cn(!isMobile && "h-5 w-7 rounded-sm")}
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
  );

  const errorList = rowErrors.length > 0 && (
    <ul className="flex flex-col gap-0.5 text-[0.8125rem] font-medium text-destructive">
      {rowErrors.map((field) => (
        <li key={field} id={ids(field).error}>
          {errorOf(field)}
        </li>
      ))}
    </ul>
  );

  const totalText = (
    <output
      htmlFor={`${ids("quantity").input} ${ids("unit_price").input} ${ids("tax_rate").input}`}
      className="font-semibold tabular-nums"
      data-testid={`quote-line-total-${line}`}
    >
      {formatEuro(total)}
    </output>
  );

  if (isMobile) {
    return (
      <li className="flex flex-col gap-3 rounded-lg border border-border bg-muted/30 p-3" aria-label={`Ligne ${line}`}>
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm font-semibold">Ligne {line}</span>
          {tools}
        </div>
        <div className="flex flex-col gap-1.5">
          {label("name", "Désignation")}
          {inputs.name}
        </div>
        <div className="flex flex-col gap-1.5">
          {label("description", "Description")}
          {inputs.description}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div className="flex flex-col gap-1.5">
            {label("quantity", "Quantité")}
            {inputs.quantity}
          </div>
          <div className="flex flex-col gap-1.5">
            {label("unit", "Unité")}
            {inputs.unit}
          </div>
          <div className="flex flex-col gap-1.5">
            {label("unit_price", "Prix unitaire HT")}
            {inputs.unit_price}
          </div>
          <div className="flex flex-col gap-1.5">
            {label("tax_rate", "TVA")}
            {inputs.tax_rate}
          </div>
        </div>
        {errorList}
        <div className="flex items-baseline justify-between border-t border-border pt-2 text-sm">
          <span className="text-muted-foreground">Total TTC</span>
          {totalText}
        </div>
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-1.5 rounded-md border border-border bg-muted/25 p-2" aria-label={`Ligne ${line}`}>
      <div className={GRID}>
        <div className="flex flex-col gap-1.5">
          {inputs.name}
          {inputs.description}
        </div>
        {inputs.quantity}
        {inputs.unit}
        {inputs.unit_price}
        {inputs.tax_rate}
        <div className="flex h-10 items-center justify-end text-sm">{totalText}</div>
        <div className="flex h-10 items-center justify-end">{tools}</div>
      </div>
      {errorList}
    </li>
  );
}
