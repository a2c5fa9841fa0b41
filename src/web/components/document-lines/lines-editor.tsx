import type { LineKind } from "@shared/documents";
import { formatEuro, formatPercent } from "@shared/format";
import { lineMargin } from "@shared/quote-rules";
import { Button } from "@web/components/ui/button";
import { DecimalInput, Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/native-select";
import { useSortable } from "@web/components/ui/sortable";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { ArrowDown, ArrowUp, GripVertical, Heading, ListPlus, Plus, Text, Trash2 } from "lucide-react";
import { type HTMLAttributes, type ReactNode, useId, useRef } from "react";
import { type FieldError, type UseFormReturn, useFieldArray } from "react-hook-form";
import { type DocumentLinesFields, emptyLine, priceText, readNumber, unitOptions } from "./line-fields";
import { LineNameField } from "./line-name-field";
import { taxRateOptions, useTaxRates } from "./tax-rates";

/** The editor works on the `items` of any form holding them (a quote's, an invoice's). */
type Form = UseFormReturn<DocumentLinesFields>;
type ItemField = "name" | "description" | "quantity" | "unit" | "unit_price" | "tax_rate" | "cost_price";
const ITEM_FIELDS: readonly ItemField[] = [
  "name",
  "description",
  "quantity",
  "unit",
  "unit_price",
  "tax_rate",
  "cost_price",
];

/** Which document the lines belong to: the words of the editor and its test ids. */
export type LinesDocument = "quote" | "invoice";

/** The editor's words that name the document. */
export const DOCUMENT_LINES_TEXTS: Record<LinesDocument, { list: string; empty: string; textPlaceholder: string }> = {
  quote: {
    list: "Lignes du devis",
    empty: "Aucune ligne. Ajoutez les prestations et fournitures du devis.",
    textPlaceholder: "Texte imprimé sur le devis, sans montant",
  },
  invoice: {
    list: "Lignes de facturation",
    empty: "Aucune ligne. Ajoutez les prestations et fournitures facturées.",
    textPlaceholder: "Texte imprimé sur la facture, sans montant",
  },
};

export interface DocumentLinesEditorProps<T extends DocumentLinesFields, O> {
  /** The document's form; the editor reads and writes its `items`. */
  form: UseFormReturn<T, unknown, O>;
  /** Its words (« Lignes du devis ») and the prefix of its test ids (`quote-line-total-1`). */
  document: LinesDocument;
  /**
   * Line amounts HT in screen order (shared computation): French practice writes a line's amount
   * before VAT, and the totals carry the VAT (docs/domain/quotes.md#screen). A heading's is its
   * section's subtotal HT.
   */
  lineAmounts: readonly number[];
  /** VAT rate of a new line: the company's setting (20 % by default). */
  defaultTaxRate?: number;
  /** Each line's unit cost and margin (users holding quotes:margins; never printed). */
  showCosts?: boolean;
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

/** What each « Ajouter … » button adds. */
const ADD_BUTTONS: readonly { kind: LineKind; label: string; icon: typeof Plus }[] = [
  { kind: "item", label: "Ajouter une ligne", icon: Plus },
  { kind: "section", label: "Ajouter une section", icon: Heading },
  { kind: "text", label: "Ajouter un texte", icon: Text },
];

/*
 * Three layouts of one DOM, chosen by the width of the editor (`@container`), never by the device:
 * - cards (narrower than 36rem: a phone): each line a card, labelled fields two by two;
 * - compact (36rem to 56rem: a tablet, an iPad in landscape beside the sidebar): designation and
 *   description on a row, the figures on one row below them, the tools on the right;
 * - table (56rem and wider: a laptop): one row per line under a header row.
 * Touch screens get 44 px tools whatever the layout (`pointer-coarse:` in Button); the tools column grows with them.
 */
const TABLE_COLUMNS =
  "@4xl:grid-cols-[minmax(0,1fr)_5.5rem_6.75rem_7rem_5.75rem_6.75rem_var(--tools)] [--tools:6.25rem] pointer-coarse:[--tools:8.75rem]";
/** A row being dragged over: a bar where the dragged one would land. */
const DROP_MARK =
  "data-[drop=before]:shadow-[0_-3px_0_0_var(--color-primary)] data-[drop=after]:shadow-[0_3px_0_0_var(--color-primary)]";
const GRID_BASE = cn(
  "grid grid-cols-2 items-start gap-x-3 gap-y-3 [&>*]:min-w-0",
  "@xl:grid-cols-[5.5rem_6.75rem_7rem_5.75rem_minmax(0,1fr)_auto] @xl:gap-x-2 @xl:gap-y-2",
  TABLE_COLUMNS,
  "@4xl:gap-y-1.5",
);
const LINE_GRID = cn(
  GRID_BASE,
  "[grid-template-areas:'label_tools'_'name_name'_'desc_desc'_'qty_unit'_'price_tva'_'errors_errors'_'total_total']",
  "@xl:[grid-template-areas:'name_name_name_name_name_tools'_'desc_desc_desc_desc_desc_tools'_'qty_unit_price_tva_total_total'_'errors_errors_errors_errors_errors_errors']",
  "@4xl:[grid-template-areas:'name_qty_unit_price_tva_total_tools'_'desc_._._._._._.'_'errors_errors_errors_errors_errors_errors_errors']",
);
/**
 * The same with the unit cost and the margin: under the figures on a phone, beside the description from
 * a tablet on (a line stays as tall as without them: under 200 px on an iPad in landscape).
 */
const LINE_GRID_COSTS = cn(
  GRID_BASE,
  "[grid-template-areas:'label_tools'_'name_name'_'desc_desc'_'qty_unit'_'price_tva'_'cost_cost'_'errors_errors'_'total_total']",
  "@xl:[grid-template-areas:'name_name_name_name_name_tools'_'desc_desc_desc_cost_cost_tools'_'qty_unit_price_tva_total_total'_'errors_errors_errors_errors_errors_errors']",
  "@4xl:[grid-template-areas:'name_qty_unit_price_tva_total_tools'_'desc_cost_cost_cost_cost_cost_.'_'errors_errors_errors_errors_errors_errors_errors']",
);
/** A heading: label and tools above the title and subtotal on a phone; one row from 36rem. */
const SECTION_GRID = cn(
  "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 [grid-template-areas:'label_tools'_'title_title'_'sub_sub']",
  "@xl:grid-cols-[minmax(0,1fr)_auto_auto] @xl:[grid-template-areas:'title_sub_tools']",
);
/** A text line: label and tools above the text on a phone; the text beside its tools from 36rem. */
const TEXT_GRID = cn(
  "grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 [grid-template-areas:'label_tools'_'text_text']",
  "@xl:[grid-template-areas:'text_tools']",
);
/** Labels shown on the cards, and in the compact layout for the figures; the table has its header row. */
const FIGURE_LABEL = "text-[0.8125rem] @xl:text-xs @xl:font-normal @xl:text-muted-foreground @4xl:sr-only";
const TEXT_LABEL = "text-[0.8125rem] @xl:sr-only";
/** The cost's label stays visible on a laptop too (no header column for it). */
const COST_LABEL =
  "basis-full text-[0.8125rem] @xl:basis-auto @xl:shrink-0 @xl:text-xs @xl:font-normal @xl:text-muted-foreground";

/**
 * The line editor of a document (docs/domain/quotes.md#screen; the invoice form uses it as it is):
 * priced lines, section headings with their subtotal HT, text lines; add, remove (with « Annuler »),
 * move up and down.
 */
export function DocumentLinesEditor<T extends DocumentLinesFields, O>({
  form: documentForm,
  document,
  lineAmounts,
  defaultTaxRate,
  showCosts = false,
}: DocumentLinesEditorProps<T, O>) {
  // The one cast: the editor only touches `items`, which every such form holds as DocumentLineFields.
  const form = documentForm as unknown as Form;
  const texts = DOCUMENT_LINES_TEXTS[document];
  const { control } = form;
  const { fields, append, remove, move, insert } = useFieldArray({ control, name: "items" });
  const baseId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const sortable = useSortable({ listRef, onMove: move });
  const dragging = sortable.state;

  const add = (kind: LineKind) => append(emptyLine(kind, defaultTaxRate), { shouldFocus: true });

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

  const addButtons = (
    <div className="flex flex-col gap-2 @xl:flex-row @xl:flex-wrap">
      {ADD_BUTTONS.map(({ kind, label, icon: Icon }) => (
        <Button
          key={kind}
          variant={kind === "item" ? "outline" : "ghost"}
          size={fields.length === 0 ? "sm" : "default"}
          onClick={() => add(kind)}
          className="w-full @xl:w-auto"
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );

  if (fields.length === 0) {
    return (
      <div className="@container flex flex-col items-center gap-3 rounded-md border border-dashed border-input px-4 py-8 text-center">
        <ListPlus aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">{texts.empty}</p>
        {addButtons}
      </div>
    );
  }

  return (
    <div className="@container flex flex-col gap-3" data-testid={`${document}-items-editor`}>
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
      <ol ref={listRef} aria-label={texts.list} className="flex flex-col gap-3 @xl:gap-2">
        {fields.map((field, index) => {
          const row = {
            form,
            index,
            idPrefix: `${baseId}-${field.id}`,
            testIdPrefix: document,
            total: lineAmounts[index] ?? 0,
            rowAttrs: {
              "data-sortable-row": "",
              "data-drop":
                dragging && dragging.to === index && dragging.from !== index
                  ? dragging.to > dragging.from
                    ? "after"
                    : "before"
                  : undefined,
              style: sortable.rowStyle(index),
            },
            tools: (
              <LineTools
                line={index + 1}
                count={fields.length}
                handle={sortable.handleProps(index, fields.length)}
                onMove={(to) => move(index, to)}
                onRemove={() => removeLine(index)}
              />
            ),
          };
          const kind = field.kind ?? "item";
          if (kind === "section") return <SectionRow key={field.id} {...row} />;
          if (kind === "text") return <TextRow key={field.id} {...row} placeholder={texts.textPlaceholder} />;
          return <ItemRow key={field.id} {...row} showCosts={showCosts} />;
        })}
      </ol>
      {addButtons}
    </div>
  );
}

interface RowProps {
  form: Form;
  index: number;
  idPrefix: string;
  /** `quote` → `quote-line-total-1`. */
  testIdPrefix: string;
  /** A priced line's amount HT; a heading's section subtotal HT. */
  total: number;
  /** What makes the row draggable (useSortable): spread on its <li>. */
  rowAttrs: HTMLAttributes<HTMLLIElement> & { "data-sortable-row": string; "data-drop": string | undefined };
  tools: ReactNode;
}

/**
 * Drag, move up, move down, delete: the same tools on every kind of line (44 px on touch screens). The
 * grip drags the line with a mouse or a finger, and moves it with ↑ and ↓ from the keyboard.
 */
function LineTools({
  line,
  count,
  handle,
  onMove,
  onRemove,
}: {
  line: number;
  count: number;
  handle: ReturnType<ReturnType<typeof useSortable>["handleProps"]>;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex items-center justify-end gap-1 [grid-area:tools] @xl:self-start @4xl:gap-0.5">
      <Button
        variant="ghost"
        size="icon-sm"
        className="cursor-grab text-muted-foreground active:cursor-grabbing"
        aria-label={`Déplacer la ligne ${line}`}
        title="Glisser pour déplacer (ou ↑ ↓ au clavier)"
        {...handle}
      >
        <GripVertical aria-hidden="true" />
      </Button>
      <div className="flex gap-1 @4xl:flex-col @4xl:gap-0">
        <Button
          variant="ghost"
          size="icon-sm"
          className="@4xl:h-5 @4xl:w-7 @4xl:rounded-sm pointer-coarse:@4xl:size-11"
          disabled={line === 1}
          onClick={() => onMove(line - 2)}
          aria-label={`Monter la ligne ${line}`}
          title="Monter"
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="@4xl:h-5 @4xl:w-7 @4xl:rounded-sm pointer-coarse:@4xl:size-11"
          disabled={line === count}
          onClick={() => onMove(line)}
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
}

/** A heading's or a text's words: their input's id and error, tied together. */
function nameField(form: Form, index: number, idPrefix: string) {
  const message = (form.formState.errors.items?.[index] as { name?: FieldError } | undefined)?.name?.message;
  const id = `${idPrefix}-name`;
  return {
    message,
    id,
    errorId: `${id}-error`,
    a11y: {
      id,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${id}-error` : undefined,
    },
  };
}

/** A section heading (« lot »): its title, and its subtotal HT as the lines below it add up. */
function SectionRow({ form, index, idPrefix, testIdPrefix, total, tools, rowAttrs }: RowProps) {
  const line = index + 1;
  const name = nameField(form, index, idPrefix);
  return (
    <li
      {...rowAttrs}
      className={cn(
        "rounded-lg border border-primary/25 border-l-4 border-l-primary bg-primary/5 p-3 @xl:rounded-md @xl:p-2",
        DROP_MARK,
      )}
      aria-label={`Section, ligne ${line}`}
    >
      <div className={SECTION_GRID}>
        <Label htmlFor={name.id} className="self-center text-sm font-semibold [grid-area:label] @xl:sr-only">
          Titre de la section
          <span className="sr-only"> (ligne {line})</span>
        </Label>
        <Input
          {...name.a11y}
          placeholder="Titre de la section (ex. Lot 1 — Plomberie)"
          className="font-semibold [grid-area:title]"
          {...form.register(`items.${index}.name`)}
        />
        <p className="flex items-baseline justify-between gap-2 text-sm whitespace-nowrap [grid-area:sub] @xl:justify-end">
          <span className="text-muted-foreground">Sous-total HT</span>
          <output className="font-semibold tabular-nums" data-testid={`${testIdPrefix}-section-subtotal-${line}`}>
            {formatEuro(total)}
          </output>
        </p>
        {tools}
      </div>
      {name.message && (
        <p id={name.errorId} className="mt-1 text-[0.8125rem] font-medium text-destructive">
          {name.message}
        </p>
      )}
    </li>
  );
}

/** A text line: words printed as they are, without amount (conditions of a lot, a note to the client). */
function TextRow({ form, index, idPrefix, tools, rowAttrs, placeholder }: RowProps & { placeholder: string }) {
  const line = index + 1;
  const name = nameField(form, index, idPrefix);
  return (
    <li
      {...rowAttrs}
      className={cn("rounded-lg border border-dashed border-border bg-card p-3 @xl:rounded-md @xl:p-2", DROP_MARK)}
      aria-label={`Texte, ligne ${line}`}
    >
      <div className={TEXT_GRID}>
        <Label htmlFor={name.id} className="self-center text-sm font-semibold [grid-area:label] @xl:sr-only">
          Texte
          <span className="sr-only"> (ligne {line})</span>
        </Label>
        <Textarea
          {...name.a11y}
          placeholder={placeholder}
          rows={1}
          className="min-h-9 resize-y py-1.5 italic [grid-area:text] field-sizing-content pointer-coarse:min-h-11"
          {...form.register(`items.${index}.name`)}
        />
        {tools}
      </div>
      {name.message && (
        <p id={name.errorId} className="mt-1 text-[0.8125rem] font-medium text-destructive">
          {name.message}
        </p>
      )}
    </li>
  );
}

function ItemRow({
  form,
  index,
  idPrefix,
  testIdPrefix,
  total,
  tools,
  rowAttrs,
  showCosts,
}: RowProps & { showCosts: boolean }) {
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
  // The company's rates (ADR 0020); a stored rate outside them stays selectable, to be changed.
  const rates = taxRateOptions(useTaxRates(), taxRate);
  const rowErrors = ITEM_FIELDS.filter((f) => Boolean(errorOf(f)));

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
      {...rowAttrs}
      className={cn(
        "rounded-lg border border-border bg-muted/30 p-3 @xl:rounded-md @xl:bg-muted/25 @xl:p-2",
        rowAttrs.style && "bg-card shadow-elevated",
        DROP_MARK,
      )}
      aria-label={`Ligne ${line}`}
    >
      <div className={showCosts ? LINE_GRID_COSTS : LINE_GRID}>
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
              form.setValue(`items.${index}.library_item_id`, item.id, set);
              form.setValue(`items.${index}.cost_price`, priceText(item.cost_price), set);
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
            {rates.map((rate) => (
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
            data-testid={`${testIdPrefix}-line-total-${line}`}
          >
            {formatEuro(total)}
          </output>
        </div>

        {tools}

        {showCosts && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 [grid-area:cost] @xl:flex-nowrap @xl:gap-x-2 @xl:self-start">
            <Label htmlFor={ids("cost_price").input} className={COST_LABEL}>
              {/* « Coût HT » beside the description: the margin keeps one line on a tablet. */}
              Coût <span className="@xl:sr-only">unitaire </span>HT
              <span className="sr-only"> (ligne {line})</span>
            </Label>
            <DecimalInput
              {...a11y("cost_price")}
              placeholder="—"
              className="w-[calc(50%-0.375rem)] @xl:h-9 @xl:w-24 @xl:shrink-0 pointer-coarse:@xl:h-11"
              {...register(`items.${index}.cost_price`)}
            />
            <LineMarginText form={form} index={index} line={line} testIdPrefix={testIdPrefix} />
          </div>
        )}

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

/** « Marge 27,75 € · 34,15 % » of a line with a cost, « Sans coût » otherwise (never printed). */
function LineMarginText({
  form,
  index,
  line,
  testIdPrefix,
}: {
  form: Form;
  index: number;
  line: number;
  testIdPrefix: string;
}) {
  const [quantity, unitPrice, cost] = form.watch([
    `items.${index}.quantity`,
    `items.${index}.unit_price`,
    `items.${index}.cost_price`,
  ]);
  const margin = cost?.trim()
    ? lineMargin({
        quantity: Math.max(0, readNumber(quantity)),
        unit_price: Math.max(0, readNumber(unitPrice)),
        tax_rate: 0,
        cost_price: Math.max(0, readNumber(cost)),
      })
    : null;
  return (
    <p
      className={cn(
        "min-w-0 flex-1 text-right text-[0.8125rem] tabular-nums @xl:text-xs @xl:whitespace-nowrap",
        margin === null ? "text-muted-foreground" : margin.amount < 0 ? "text-destructive" : "text-success",
      )}
      data-testid={`${testIdPrefix}-line-margin-${line}`}
    >
      {margin === null
        ? "Sans coût"
        : `Marge ${formatEuro(margin.amount)}${margin.rate === null ? "" : ` · ${formatPercent(margin.rate)}`}`}
    </p>
  );
}
