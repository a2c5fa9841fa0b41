import { plural } from "@shared/format";
import { PROJECT_TEXTS } from "@shared/project-rules";
import { Button } from "@web/components/ui/button";
import { DecimalInput, Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { useSortable } from "@web/components/ui/sortable";
import { cn } from "@web/lib/cn";
import { ArrowDown, ArrowUp, GripVertical, ListPlus, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { type FieldError, type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { useProjectAccess } from "../hooks/use-project-access";
import { newTaskRow, type ProjectFormFields, type ProjectFormKind } from "../lib/project-form";

type Form = UseFormReturn<ProjectFormFields>;
type Figure = "estimated_hours" | "unit_price" | "quantity";
const ROW_FIELDS = ["label", "estimated_hours", "unit_price", "quantity"] as const;

export interface ProjectTasksEditorProps {
  form: Form;
  /**
   * `fromQuote`: the quote's lines, each checked; unchecking is the only way to leave one out (spec 2
   * §2). `edit`: each task with its « fait » tick. `blank`: tasks added one by one.
   */
  kind: ProjectFormKind;
}

/*
 * One DOM, two layouts chosen by the editor's width (`@container`), never by the device: a card per task
 * on a phone (the figures three abreast under the label), one row per task under a header row from
 * 36rem (a dialog on a laptop).
 */
const ROW_GRID = cn(
  "grid grid-cols-3 items-center gap-x-3 gap-y-2 [&>*]:min-w-0",
  "[grid-template-areas:'top_top_top'_'label_label_label'_'hours_price_qty'_'errors_errors_errors']",
  "@xl:grid-cols-[var(--head)_minmax(0,1fr)_5.5rem_7rem_5.5rem_var(--tools)] @xl:gap-x-2 @xl:gap-y-1",
  "@xl:[grid-template-areas:'head_label_hours_price_qty_tools'_'._errors_errors_errors_errors_errors']",
);
/**
 * The widths of the tick's and the tools' columns, the same in the header and every row (so that they
 * line up): four 32 px tools (44 px on touch screens), a bin alone, or none (from a quote).
 */
const COLUMNS: Record<ProjectFormKind, string> = {
  edit: "[--head:2.5rem] [--tools:8.75rem] pointer-coarse:[--tools:11.75rem]",
  blank: "[--head:0rem] [--tools:8.75rem] pointer-coarse:[--tools:11.75rem]",
  fromQuote: "[--head:3.75rem] [--tools:0rem]",
};
/** The figures' labels: above them on a phone, the header row says them from 36rem. */
const FIGURE_LABEL = "text-[0.8125rem] @xl:sr-only";

/**
 * The worksite's tasks (spec 2 §5): label, estimated hours (step 0.5), unit price, quantity; a new task
 * is « Nouvelle tâche », 4 h, quantity 1. Rows are put in order with the grip (or ↑ ↓), removed with
 * the bin — from a quote, left out by unchecking them instead.
 */
export function ProjectTasksEditor({ form, kind }: ProjectTasksEditorProps) {
  const { canSeeAmounts } = useProjectAccess();
  const { control } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: "tasks" });
  const tasks = useWatch({ control, name: "tasks" });
  const baseId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const sortable = useSortable({ listRef, onMove: move });
  const fromQuote = kind === "fromQuote";
  const count = fields.length;
  const kept = (tasks ?? []).filter((task) => task?.kept).length;
  const listError = form.formState.errors.tasks?.message ?? form.formState.errors.tasks?.root?.message;

  const add = () => append(newTaskRow(), { shouldFocus: true, focusName: `tasks.${count}.label` });
  const addButton = (
    <Button variant="outline" onClick={add} className="w-full @xl:w-auto @xl:self-start">
      <Plus aria-hidden="true" />
      Ajouter une tâche
    </Button>
  );

  if (count === 0) {
    return (
      <div className="@container flex flex-col items-center gap-3 rounded-md border border-dashed border-input px-4 py-8 text-center">
        <ListPlus aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">
          {kind === "edit" ? PROJECT_TEXTS.noTasks : "Aucune tâche. Ajoutez les étapes du chantier."}
        </p>
        {addButton}
      </div>
    );
  }

  return (
    <div className={cn("@container flex flex-col gap-3", COLUMNS[kind])} data-testid="project-tasks-editor">
      {fromQuote && (
        <p className="text-[0.8125rem] text-muted-foreground" aria-live="polite">
          {`Les lignes du devis\u00a0: ${plural(kept, "tâche retenue", "tâches retenues")} sur ${count}. Décochez celles à ne pas reprendre.`}
        </p>
      )}
      <div
        aria-hidden="true"
        className={cn(
          ROW_GRID,
          "hidden border border-transparent px-2 text-xs font-medium text-muted-foreground @xl:grid",
        )}
      >
        <span className="text-center [grid-area:head]">{kind === "edit" ? "Fait" : fromQuote ? "Retenue" : null}</span>
        <span className="[grid-area:label]">Tâche</span>
        <span className="text-right [grid-area:hours]">Heures</span>
        {canSeeAmounts && <span className="text-right [grid-area:price]">Prix unit. HT</span>}
        <span className="text-right [grid-area:qty]">Quantité</span>
        <span className="[grid-area:tools]" />
      </div>
      <ol ref={listRef} aria-label="Tâches du chantier" className="flex flex-col gap-2">
        {fields.map((field, index) => {
          const dragging = sortable.state;
          return (
            <TaskRow
              key={field.id}
              form={form}
              index={index}
              kind={kind}
              idPrefix={`${baseId}-${field.id}`}
              kept={tasks?.[index]?.kept ?? true}
              done={tasks?.[index]?.is_done ?? false}
              rowAttrs={{
                "data-sortable-row": "",
                style: sortable.rowStyle(index),
                className: cn(dragging?.from === index && "bg-card shadow-elevated ring-1 ring-primary/30"),
              }}
              tools={
                fromQuote ? null : (
                  <TaskTools
                    line={index + 1}
                    count={count}
                    handle={sortable.handleProps(index, count)}
                    onMove={(to) => move(index, to)}
                    onRemove={() => remove(index)}
                  />
                )
              }
            />
          );
        })}
      </ol>
      {listError && (
        <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
          {listError}
        </p>
      )}
      {addButton}
    </div>
  );
}

interface TaskRowProps {
  form: Form;
  index: number;
  kind: ProjectFormKind;
  idPrefix: string;
  kept: boolean;
  /** Ticked (edit): said beside « Tâche N » on a phone, where the column has no header. */
  done: boolean;
  rowAttrs: {
    "data-sortable-row": string;
    style: ReturnType<ReturnType<typeof useSortable>["rowStyle"]>;
    className: string;
  };
  tools: ReactNode;
}

function TaskRow({ form, index, kind, idPrefix, kept, done, rowAttrs, tools }: TaskRowProps) {
  const { register, formState } = form;
  // The price is money: not shown to who may not see it (the server keeps the stored one, issue 32).
  const { canSeeAmounts } = useProjectAccess();
  const line = index + 1;
  const rowErrors = formState.errors.tasks?.[index] as
    | Partial<Record<(typeof ROW_FIELDS)[number], FieldError>>
    | undefined;
  const errorOf = (name: (typeof ROW_FIELDS)[number]) => rowErrors?.[name]?.message;
  const ids = (name: string) => ({ input: `${idPrefix}-${name}`, error: `${idPrefix}-${name}-error` });
  const a11y = (name: (typeof ROW_FIELDS)[number]) => ({
    id: ids(name).input,
    "aria-invalid": errorOf(name) ? true : undefined,
    "aria-describedby": errorOf(name) ? ids(name).error : undefined,
  });
  const shownErrors = ROW_FIELDS.filter((name) => Boolean(errorOf(name)));
  const left = kind === "fromQuote" && !kept;

  const figure = (name: Figure, text: string, area: string, control: ReactNode) => (
    <div className={cn("flex flex-col gap-1.5", area)}>
      <Label htmlFor={ids(name).input} className={FIGURE_LABEL}>
        {text}
        <span className="sr-only"> (tâche {line})</span>
      </Label>
      {control}
    </div>
  );

  return (
    <li
      data-sortable-row={rowAttrs["data-sortable-row"]}
      style={rowAttrs.style}
      aria-label={`Tâche ${line}`}
      className={cn(
        "rounded-lg border border-border bg-muted/30 p-3 transition-opacity @xl:rounded-md @xl:p-2",
        left && "border-dashed bg-card",
        rowAttrs.className,
      )}
    >
      <div className={ROW_GRID}>
        <div className="flex items-center justify-between gap-2 [grid-area:top] @xl:contents">
          <div className="flex min-w-0 items-center gap-2 @xl:justify-center @xl:[grid-area:head]">
            {kind === "edit" && (
              <RowCheckbox label={`Tâche ${line} faite`} registration={register(`tasks.${index}.is_done`)} />
            )}
            {kind === "fromQuote" && (
              <RowCheckbox label={`Reprendre la tâche ${line}`} registration={register(`tasks.${index}.kept`)} />
            )}
            <span
              className={cn("text-sm font-semibold whitespace-nowrap @xl:sr-only", left && "text-muted-foreground")}
            >
              Tâche {line}
              {left && <span className="font-normal">{"\u00a0· non reprise"}</span>}
              {kind === "edit" && done && <span className="font-normal text-success">{"\u00a0· faite"}</span>}
            </span>
          </div>
          <div className="flex items-center justify-end gap-1 @xl:[grid-area:tools]">{tools}</div>
        </div>
        <div className={cn("flex flex-col gap-1.5 [grid-area:label]", left && "opacity-60")}>
          <Label htmlFor={ids("label").input} className="sr-only">
            Libellé (tâche {line})
          </Label>
          <Input
            {...a11y("label")}
            autoComplete="off"
            placeholder="Libellé de la tâche"
            className={cn(left && "line-through")}
            {...register(`tasks.${index}.label`)}
          />
        </div>
        <div className={cn("contents", left && "[&>*]:opacity-60")}>
          {figure(
            "estimated_hours",
            "Heures",
            "[grid-area:hours]",
            <Input
              {...a11y("estimated_hours")}
              type="number"
              inputMode="decimal"
              min="0"
              step="0.5"
              className="text-right tabular-nums"
              {...register(`tasks.${index}.estimated_hours`)}
            />,
          )}
          {canSeeAmounts &&
            figure(
              "unit_price",
              "Prix unit. HT",
              "[grid-area:price]",
              <DecimalInput {...a11y("unit_price")} placeholder="—" {...register(`tasks.${index}.unit_price`)} />,
            )}
          {figure(
            "quantity",
            "Quantité",
            "[grid-area:qty]",
            <Input
              {...a11y("quantity")}
              type="number"
              inputMode="decimal"
              min="1"
              step="1"
              className="text-right tabular-nums"
              {...register(`tasks.${index}.quantity`)}
            />,
          )}
        </div>
        {shownErrors.length > 0 && (
          <ul className="flex flex-col gap-0.5 text-[0.8125rem] font-medium text-destructive [grid-area:errors]">
            {shownErrors.map((name) => (
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

/** A tick of a row (« fait », « reprise »): a native checkbox in a 44 px target on touch screens. */
function RowCheckbox({ label, registration }: { label: string; registration: ReturnType<Form["register"]> }) {
  return (
    <label className="inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-muted pointer-coarse:size-11">
      <input
        type="checkbox"
        aria-label={label}
        className="size-[1.125rem] cursor-pointer accent-primary"
        {...registration}
      />
    </label>
  );
}

/** Drag, move up, move down, delete (44 px on touch screens): the grip also moves with ↑ ↓ from the keyboard. */
function TaskTools({
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
    <>
      {count > 1 && (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            className="cursor-grab text-muted-foreground active:cursor-grabbing"
            aria-label={`Déplacer la tâche ${line}`}
            title="Glisser pour déplacer (ou ↑ ↓ au clavier)"
            {...handle}
          >
            <GripVertical aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={line === 1}
            onClick={() => onMove(line - 2)}
            aria-label={`Monter la tâche ${line}`}
            title="Monter"
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={line === count}
            onClick={() => onMove(line)}
            aria-label={`Descendre la tâche ${line}`}
            title="Descendre"
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </>
      )}
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-destructive hover:bg-destructive-soft hover:text-destructive"
        onClick={onRemove}
        aria-label={`Supprimer la tâche ${line}`}
        title="Supprimer la tâche"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </>
  );
}
