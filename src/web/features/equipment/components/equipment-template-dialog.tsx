import { zodResolver } from "@hookform/resolvers/zod";
import { EQUIPMENT_TEXTS, equipmentCountLabel } from "@shared/equipment-template-rules";
import type { EquipmentTemplate } from "@shared/equipment-templates";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { useSortable } from "@web/components/ui/sortable";
import { fieldErrorsOf, toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { ArrowDown, ArrowUp, GripVertical, Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useRef } from "react";
import { type FieldPath, useFieldArray, useForm } from "react-hook-form";
import { useSaveEquipmentTemplate } from "../api/equipment-mutations";
import { equipmentTemplateQueryOptions } from "../api/get-equipment-template";
import {
  type EquipmentFormFields,
  type EquipmentFormState,
  equipmentFormDefaults,
  equipmentFormSchema,
  formFieldOf,
  previewItems,
  repeatedRows,
} from "../lib/equipment-form";

const resolver = zodResolver(equipmentFormSchema);

export interface EquipmentTemplateDialogProps {
  form: EquipmentFormState;
  isMobile: boolean;
  /** Without equipment:edit, a template is shown, not edited. */
  readOnly: boolean;
  onClose: () => void;
}

/** « Nouveau modèle », « Modifier le modèle », or a template to read (docs/domain/equipment.md#screen). */
export function EquipmentTemplateDialog({ form, isMobile, readOnly, onClose }: EquipmentTemplateDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={form !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      {form === null ? null : readOnly && form.mode === "edit" ? (
        <TemplateView template={form.template} isMobile={isMobile} descriptionId={descriptionId} onDone={onClose} />
      ) : (
        // Remounted per template (and per copy) so the fields start from its values.
        <EquipmentTemplateForm
          key={form.mode === "edit" ? form.template.id : `new-${form.copyOf?.id ?? ""}`}
          state={form}
          isMobile={isMobile}
          descriptionId={descriptionId}
          onDone={onClose}
        />
      )}
    </ResponsiveModal>
  );
}

function Header({
  title,
  description,
  id,
  isMobile,
}: {
  title: string;
  description: string;
  id: string;
  isMobile: boolean;
}) {
  return (
    <ModalHeader
      title={title}
      titleClassName="break-words"
      description={description}
      descriptionId={id}
      isMobile={isMobile}
    />
  );
}

/** The whole list of a template, for a user who may read it only. */
function TemplateView({
  template,
  isMobile,
  descriptionId,
  onDone,
}: {
  template: EquipmentTemplate;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Header
        title={template.name}
        description={equipmentCountLabel(template.equipment_items.length)}
        id={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("min-h-0 flex-1 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        {template.equipment_items.length > 0 ? (
          <ol aria-label="Équipements" className="flex list-decimal flex-col gap-1.5 pl-6 text-sm">
            {template.equipment_items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of one template, in their order
              <li key={index} className="break-words">
                {item}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground italic">{EQUIPMENT_TEXTS.noItems}</p>
        )}
      </div>
      <ModalFooter isMobile={isMobile}>
        <Button variant="outline" onClick={onDone} className={cn(isMobile && "flex-1")}>
          Fermer
        </Button>
      </ModalFooter>
    </div>
  );
}

interface EquipmentTemplateFormProps {
  state: NonNullable<EquipmentFormState>;
  isMobile: boolean;
  descriptionId: string;
  onDone: () => void;
}

function EquipmentTemplateForm({ state, isMobile, descriptionId, onDone }: EquipmentTemplateFormProps) {
  const template = state.mode === "edit" ? state.template : null;
  const editing = template !== null;
  const save = useSaveEquipmentTemplate();
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    template,
    template && {
      query: () => equipmentTemplateQueryOptions(template.id),
      apply: (fresh) => reset(equipmentFormDefaults({ mode: "edit", template: fresh })),
    },
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: equipmentFormDefaults(state) });
  const rows = useFieldArray({ control, name: "items", keyName: "key" });
  const { cancel } = useDirtyGuard(isDirty, onDone);
  const listRef = useRef<HTMLOListElement>(null);
  const sortable = useSortable({ listRef, onMove: rows.move });
  const inputId = useId();
  const values = watch();
  const preview = previewItems(values);
  const repeated = repeatedRows(values);
  const count = rows.fields.length;

  /** Sets the errors of the server's validation answer on their fields, the first one focused. */
  const showErrors = (issues: { path: string; message: string }[]) => {
    let first = true;
    for (const { path, message } of issues) {
      const field = formFieldOf(path);
      if (!field) continue;
      setError(field as FieldPath<EquipmentFormFields>, { type: "server", message }, { shouldFocus: first });
      first = false;
    }
  };

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: template?.id ?? null, body, version: versioned.version });
      toastSuccess(editing ? EQUIPMENT_TEXTS.updated : EQUIPMENT_TEXTS.created);
      onDone();
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      showErrors(fieldErrorsOf(error));
      toastFailure(editing ? EQUIPMENT_TEXTS.updateFailed : EQUIPMENT_TEXTS.createFailed, error);
    }
  });

  /**
   * Typing a list fast, on a phone too: Enter goes to the next row — a new one after this row unless
   * the next is empty already — and never submits; Backspace in an empty row removes it.
   */
  const onRowKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const value = getValues(`items.${index}.value`);
    if (event.key === "Enter") {
      event.preventDefault();
      const next = getValues(`items.${index + 1}.value`);
      if (next !== undefined && next.trim() === "") setFocus(`items.${index + 1}.value`);
      else if (value.trim() !== "") rows.insert(index + 1, { value: "" }, { shouldFocus: true });
    } else if (event.key === "Backspace" && value === "" && count > 1) {
      event.preventDefault();
      rows.remove(index);
      const target = Math.max(0, index - 1);
      // After the row is gone (its input unregistered).
      requestAnimationFrame(() => setFocus(`items.${target}.value`));
    }
  };

  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  const dragging = sortable.state;

  /** « Recharger » after a stale save: the stored version in the form. */

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <Header
        title={editing ? "Modifier le modèle" : "Nouveau modèle"}
        description={"Un équipement par ligne\u00a0: Entrée passe à la ligne suivante."}
        id={descriptionId}
        isMobile={isMobile}
      />

      <div className={cn("flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        <FormField label="Nom du modèle *" error={errors.name?.message}>
          {(props) => (
            <Input required placeholder={"Ex.\u00a0: Salle de bain complète"} {...props} {...register("name")} />
          )}
        </FormField>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,1fr)_13rem]">
          <section aria-labelledby={`${inputId}-items`} className="flex min-w-0 flex-col gap-3">
            <h3 id={`${inputId}-items`} className="text-sm font-medium">
              Équipements
            </h3>
            <ol ref={listRef} aria-label="Équipements du modèle" className="flex flex-col gap-2">
              {rows.fields.map((row, index) => {
                const line = index + 1;
                const error = errors.items?.[index]?.value?.message;
                const hintId = `${inputId}-${row.key}-hint`;
                return (
                  <li
                    key={row.key}
                    data-sortable-row=""
                    style={sortable.rowStyle(index)}
                    className={cn(
                      "flex flex-col gap-1 rounded-md bg-card",
                      dragging?.from === index && "shadow-lg ring-1 ring-primary/30",
                    )}
                  >
                    <div className="flex items-center gap-1">
                      {count > 1 && (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="shrink-0 cursor-grab text-muted-foreground active:cursor-grabbing"
                          aria-label={`Déplacer l’équipement ${line}`}
                          title="Glisser pour déplacer (ou ↑ ↓ au clavier)"
                          {...sortable.handleProps(index, count)}
                        >
                          <GripVertical aria-hidden="true" />
                        </Button>
                      )}
                      <Input
                        aria-label={`Équipement ${line}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error || repeated.has(index) ? hintId : undefined}
                        enterKeyHint="next"
                        autoComplete="off"
                        placeholder={index === 0 ? "Ex.\u00a0: Niveau laser" : undefined}
                        className="min-w-0 flex-1"
                        {...register(`items.${index}.value`)}
                        onKeyDown={onRowKeyDown(index)}
                      />
                      {count > 1 && !isMobile && (
                        <>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="shrink-0"
                            disabled={index === 0}
                            onClick={() => rows.move(index, index - 1)}
                            aria-label={`Monter l’équipement ${line}`}
                            title="Monter"
                          >
                            <ArrowUp aria-hidden="true" />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            className="shrink-0"
                            disabled={index === count - 1}
                            onClick={() => rows.move(index, index + 1)}
                            aria-label={`Descendre l’équipement ${line}`}
                            title="Descendre"
                          >
                            <ArrowDown aria-hidden="true" />
                          </Button>
                        </>
                      )}
                      {count > 1 && (
                        <Button
                          variant="ghost"
                          size="icon-sm"
                          className="shrink-0 text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
                          onClick={() => rows.remove(index)}
                          aria-label={`Retirer l’équipement ${line}`}
                          title="Retirer"
                        >
                          <X aria-hidden="true" />
                        </Button>
                      )}
                    </div>
                    {error ? (
                      <p id={hintId} className="text-[0.8125rem] font-medium text-destructive">
                        {error}
                      </p>
                    ) : (
                      repeated.has(index) && (
                        <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
                          {EQUIPMENT_TEXTS.duplicateItem}
                        </p>
                      )
                    )}
                  </li>
                );
              })}
            </ol>
            {itemsError && (
              <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
                {itemsError}
              </p>
            )}
            <Button
              variant="outline"
              className="self-start"
              onClick={() => rows.append({ value: "" }, { shouldFocus: true })}
            >
              <Plus aria-hidden="true" />
              Ajouter un équipement
            </Button>
          </section>

          <section
            aria-labelledby={`${inputId}-preview`}
            className="flex flex-col gap-2 self-start rounded-md border border-border bg-muted/50 px-4 py-3"
          >
            <h3 id={`${inputId}-preview`} className="flex items-baseline justify-between gap-2 text-sm font-medium">
              Aperçu
              <span className="text-xs font-normal text-muted-foreground">{equipmentCountLabel(preview.length)}</span>
            </h3>
            {preview.length > 0 ? (
              <ul aria-label="Aperçu des équipements" className="flex flex-col gap-1 text-sm">
                {preview.map((item) => (
                  <li key={item} className="flex min-w-0 items-baseline gap-2">
                    <span
                      aria-hidden="true"
                      className="size-1.5 shrink-0 translate-y-[-0.125rem] rounded-full bg-primary/60"
                    />
                    <span className="min-w-0 break-words">{item}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground italic">{EQUIPMENT_TEXTS.noItems}</p>
            )}
          </section>
        </div>
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Enregistrer" : "Créer le modèle"}
        />
      </ModalFooter>
    </form>
  );
}
