import { plural } from "@shared/format";
import { lineToPayload, QUOTE_TEXTS } from "@shared/quote-rules";
import { quoteTemplateInputSchema } from "@shared/quote-templates";
import { useQuery } from "@tanstack/react-query";
import type { DiscountMode } from "@web/components/document-lines/line-fields";
import { Button } from "@web/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@web/components/ui/collapsible";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { BookmarkPlus, ChevronDown, LayoutTemplate, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { useCreateQuoteTemplate } from "../api/create-quote-template";
import { useDeleteQuoteTemplate } from "../api/delete-quote-template";
import { quoteTemplatesQueryOptions } from "../api/get-quote-templates";
import { useUpdateQuoteTemplate } from "../api/update-quote-template";
import type { QuoteFormFields } from "../lib/quote-form";
import {
  losesAmountDiscount,
  type QuoteTemplate,
  renamedTemplate,
  templateFromForm,
  templateSummary,
} from "../lib/quote-template";

/** The quote being written, which « Enregistrer ce devis comme template » saves as a new template. */
export interface QuoteBeingWritten {
  read: () => { fields: QuoteFormFields; discountMode: DiscountMode };
  /** Shows the errors of incomplete lines (their section opens); false when there are some. */
  validateLines: () => Promise<boolean>;
}

export interface QuoteTemplatePickerProps {
  onApply: (template: QuoteTemplate) => void;
  canDelete: boolean;
  /** quotes:edit — rename a template and change its description. */
  canEdit: boolean;
  /** The template last applied (its row says so). */
  appliedId: string | null;
  current: QuoteBeingWritten;
}

/** The template picker of the create form (docs/domain/quotes.md#form-rules). */
export function QuoteTemplatePicker({ onApply, canDelete, canEdit, appliedId, current }: QuoteTemplatePickerProps) {
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [savingCurrent, setSavingCurrent] = useState(false);
  const query = useQuery(quoteTemplatesQueryOptions());
  const remove = useDeleteQuoteTemplate();
  const templates = query.data ?? [];
  // A deletion is asked first (issue 9, defect 8), with the confirmation of every other deletion.
  const [toDelete, setToDelete] = useState<QuoteTemplate | null>(null);

  // A failure is toasted by the mutation's default handler (its errorTitle).
  const deleteTemplate = async (template: QuoteTemplate) => {
    await remove.mutateAsync(template.id);
    toast.success(QUOTE_TEXTS.templateDeleted);
  };

  const count = query.isPending ? null : templates.length;
  return (
    <Collapsible open={open} onOpenChange={setOpen} asChild>
      <section
        aria-label="Modèles de devis"
        className="rounded-lg border border-dashed border-[#c7cbfb] bg-primary-soft/50"
      >
        <CollapsibleTrigger className="flex min-h-12 w-full items-center gap-3 rounded-lg px-4 py-3 text-left text-sm hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          <LayoutTemplate aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 flex-1">
            <span className="font-semibold text-primary-soft-foreground">Partir d’un modèle</span>
            <span className="ml-2 text-muted-foreground">
              {count === null
                ? "Chargement…"
                : count === 0
                  ? "Aucun modèle enregistré"
                  : `${plural(count, "modèle")} ${count > 1 ? "disponibles" : "disponible"}`}
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
          />
        </CollapsibleTrigger>
        <CollapsibleContent className="px-4 pb-4">
          {query.isError ? (
            <p className="text-sm text-destructive">{query.error.message}</p>
          ) : templates.length === 0 ? (
            // While the quote is being saved as a template, its form says what to do instead.
            !savingCurrent && (
              <p className="text-[0.8125rem] text-muted-foreground">
                Aucun modèle pour l’instant&nbsp;: enregistrez ce devis comme modèle, ou choisissez «&nbsp;Utiliser
                comme modèle&nbsp;» dans les actions d’un devis existant.
              </p>
            )
          ) : (
            <ul className="flex flex-col gap-2">
              {templates.map((template) =>
                renaming === template.id ? (
                  <li key={template.id} className="rounded-md border border-border bg-card px-3 py-3">
                    <TemplateRenameForm template={template} onDone={() => setRenaming(null)} />
                  </li>
                ) : (
                  <li
                    key={template.id}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-card px-3 py-2"
                  >
                    {/* On a phone the actions go under the name, which keeps the row's whole width. */}
                    <div className="flex min-w-0 flex-[1_1_14rem] flex-col">
                      <span className="line-clamp-2 text-sm font-medium break-words">{template.name}</span>
                      <span className="line-clamp-2 text-xs text-muted-foreground">
                        {templateSummary(template)}
                        {template.description ? ` · ${template.description}` : ""}
                      </span>
                    </div>
                    <div className="ml-auto flex items-center gap-2">
                      <Button
                        size="sm"
                        variant={appliedId === template.id ? "secondary" : "outline"}
                        onClick={() => onApply(template)}
                      >
                        {appliedId === template.id ? "Appliqué" : "Appliquer"}
                        <span className="sr-only"> : {template.name}</span>
                      </Button>
                      {canEdit && (
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          onClick={() => setRenaming(template.id)}
                          aria-label={`Renommer le modèle ${template.name}`}
                          title="Renommer le modèle"
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          className="text-destructive hover:bg-destructive-soft hover:text-destructive"
                          onClick={() => setToDelete(template)}
                          disabled={remove.isPending && remove.variables === template.id}
                          aria-label={`Supprimer le modèle ${template.name}`}
                          title="Supprimer le modèle"
                        >
                          {remove.isPending && remove.variables === template.id ? (
                            <LoaderCircle aria-hidden="true" className="animate-spin" />
                          ) : (
                            <Trash2 aria-hidden="true" />
                          )}
                        </Button>
                      )}
                    </div>
                  </li>
                ),
              )}
            </ul>
          )}
          <div className="mt-3">
            {savingCurrent ? (
              <div className="rounded-md border border-border bg-card px-3 py-3">
                <SaveAsTemplateForm current={current} onDone={() => setSavingCurrent(false)} />
              </div>
            ) : (
              <Button size="sm" variant="ghost" className="text-primary" onClick={() => setSavingCurrent(true)}>
                <BookmarkPlus aria-hidden="true" />
                Enregistrer ce devis comme modèle
              </Button>
            )}
          </div>
        </CollapsibleContent>
        <ConfirmDialog
          open={toDelete !== null}
          onClose={() => setToDelete(null)}
          destructive
          title={`Supprimer le modèle «\u00a0${toDelete?.name ?? ""}\u00a0»\u202f?`}
          description="Cette action est irréversible. Les devis déjà créés à partir de ce modèle ne changent pas."
          confirmLabel="Supprimer"
          pendingLabel="Suppression…"
          onConfirm={() => (toDelete ? deleteTemplate(toDelete) : undefined)}
        />
      </section>
    </Collapsible>
  );
}

/** Renames a template and changes its description in place (its lines, discount and terms stay). */
function TemplateRenameForm({ template, onDone }: { template: QuoteTemplate; onDone: () => void }) {
  const update = useUpdateQuoteTemplate();
  const save = async (name: string, description: string) => {
    try {
      // On the version its lines come from: a template changed meanwhile is refused, never overwritten (ADR 0024).
      await update.mutateAsync({
        id: template.id,
        body: renamedTemplate(template, { name, description }),
        version: template.updated_at,
      });
      toast.success(QUOTE_TEXTS.templateUpdated);
      onDone();
    } catch {
      // Toasted by the mutation (its errorTitle); the editor stays open.
    }
  };
  return (
    <TemplateNameFields
      legend={`Renommer le modèle ${template.name}`}
      initial={{ name: template.name, description: template.description ?? "" }}
      pending={update.isPending}
      onSave={save}
      onCancel={onDone}
    />
  );
}

/** Saves the quote being written (lines, percentage discount, terms) as a new template. */
function SaveAsTemplateForm({ current, onDone }: { current: QuoteBeingWritten; onDone: () => void }) {
  const create = useCreateQuoteTemplate();
  const [problem, setProblem] = useState<string | undefined>();
  const [initial] = useState(() => {
    const { fields, discountMode } = current.read();
    return { name: fields.name.trim(), losesDiscount: losesAmountDiscount(fields, discountMode) };
  });

  const save = async (name: string, description: string) => {
    if (!(await current.validateLines())) {
      setProblem("Complétez d’abord les lignes signalées du devis\u00a0: le modèle les reprend.");
      return;
    }
    const { fields, discountMode } = current.read();
    // The same schema as the server: numbers typed as text become numbers, blanks become null.
    const parsed = quoteTemplateInputSchema.safeParse(templateFromForm(fields, discountMode, { name, description }));
    setProblem(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (!parsed.success) return;
    try {
      await create.mutateAsync({ ...parsed.data, items: parsed.data.items.map(lineToPayload) });
      toast.success(QUOTE_TEXTS.templateCreated);
      onDone();
    } catch {
      // Toasted by the mutation (its errorTitle); the form stays open.
    }
  };
  return (
    <TemplateNameFields
      legend="Enregistrer ce devis comme modèle"
      initial={{ name: initial.name, description: "" }}
      pending={create.isPending}
      notice={
        initial.losesDiscount
          ? "La remise en euros n’est pas reprise\u00a0: un modèle ne garde qu’une remise en pourcentage."
          : "Le modèle reprend les lignes, la remise en pourcentage et les conditions de ce devis."
      }
      problem={problem}
      onSave={save}
      onCancel={onDone}
    />
  );
}

interface TemplateNameFieldsProps {
  legend: string;
  initial: { name: string; description: string };
  pending: boolean;
  /** A line of explanation under the fields. */
  notice?: string;
  /** Why saving did not happen (other than the name). */
  problem?: string;
  onSave: (name: string, description: string) => Promise<void>;
  onCancel: () => void;
}

/**
 * A template's name and description, edited in place. Not a <form>: the picker sits inside the
 * quote's form, so Enter saves here and never submits the quote.
 */
function TemplateNameFields({ legend, initial, pending, notice, problem, onSave, onCancel }: TemplateNameFieldsProps) {
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [error, setError] = useState<string | undefined>();

  const save = async () => {
    if (!name.trim()) {
      setError(QUOTE_TEXTS.templateNameRequired);
      return;
    }
    await onSave(name, description);
  };

  // Enter in a field saves the template (the browser would submit the quote's form).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <fieldset aria-label={legend} onKeyDown={onKeyDown} className="flex flex-col gap-3">
      <FormField label="Nom du modèle *" error={error}>
        {(props) => (
          <Input
            {...props}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            maxLength={200}
            autoFocus
          />
        )}
      </FormField>
      <FormField label="Description du modèle">
        {(props) => (
          <Input
            {...props}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={2000}
          />
        )}
      </FormField>
      {notice && <p className="text-[0.8125rem] text-muted-foreground">{notice}</p>}
      {problem && (
        <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="outline" onClick={onCancel} disabled={pending}>
          Annuler
        </Button>
        <Button size="sm" onClick={() => void save()} disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Enregistrer
        </Button>
      </div>
    </fieldset>
  );
}
