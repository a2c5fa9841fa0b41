import { plural } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { NativeSelect } from "@web/components/ui/native-select";
import { cn } from "@web/lib/cn";
import { Plus, Wrench, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { equipmentTemplateOptionsQueryOptions } from "../api/get-project-options";
import { useProjectAccess } from "../hooks/use-project-access";
import { type ProjectFormFields, withTemplateItems } from "../lib/project-form";

/**
 * « Équipement »: what the team takes to the worksite. A template (GET /api/equipment-templates) fills
 * the list, then each item is edited, removed or added (the server trims and merges repeats).
 */
export function ProjectEquipmentField({ form }: { form: UseFormReturn<ProjectFormFields> }) {
  const { control, register, getValues, setFocus, formState } = form;
  const rows = useFieldArray({ control, name: "equipment" });
  const { canListEquipment } = useProjectAccess();
  const templates = useQuery({ ...equipmentTemplateOptionsQueryOptions(), enabled: canListEquipment });
  const [applied, setApplied] = useState<string | null>(null);
  const id = useId();
  const count = rows.fields.length;
  const listError = formState.errors.equipment?.message ?? formState.errors.equipment?.root?.message;

  const applyTemplate = (templateId: string) => {
    const template = templates.data?.find((t) => t.id === templateId);
    if (!template) return;
    const before = getValues("equipment").filter((row) => row.value.trim() !== "").length;
    const next = withTemplateItems(getValues("equipment"), template.equipment_items);
    rows.replace(next);
    setApplied(
      `Modèle «\u00a0${template.name}\u00a0» appliqué\u00a0: ${plural(next.length - before, "équipement ajouté", "équipements ajoutés")}.`,
    );
  };

  /** Enter goes to the next item (a new one after a filled row) and never submits the form. */
  const onRowKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const next = getValues(`equipment.${index + 1}.value`);
    if (next !== undefined && next.trim() === "") setFocus(`equipment.${index + 1}.value`);
    else if (getValues(`equipment.${index}.value`).trim() !== "")
      rows.insert(index + 1, { value: "" }, { shouldFocus: true });
  };

  return (
    <fieldset
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-3 sm:p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-0.5">
          <h4 id={`${id}-title`} className="flex items-center gap-2 text-[0.9375rem] font-semibold">
            <Wrench aria-hidden="true" className="size-4 text-primary" />
            Équipement
          </h4>
          <p className="text-[0.8125rem] text-muted-foreground">
            {count > 0 ? plural(count, "équipement") : "Ce que l’équipe emporte sur le chantier."}
          </p>
        </div>
        {canListEquipment && (
          <NativeSelect
            aria-label="Ajouter les équipements d’un modèle"
            value=""
            disabled={!templates.data || templates.data.length === 0}
            onChange={(event) => applyTemplate(event.target.value)}
            wrapperClassName="sm:w-64"
          >
            <option value="">
              {templates.isPending
                ? "Chargement des modèles…"
                : templates.data && templates.data.length === 0
                  ? "Aucun modèle d’équipement"
                  : "Remplir depuis un modèle…"}
            </option>
            {templates.data?.map((template) => (
              <option key={template.id} value={template.id}>
                {`${template.name} (${plural(template.equipment_items.length, "équipement")})`}
              </option>
            ))}
          </NativeSelect>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {applied}
      </p>

      {count > 0 && (
        <ol aria-label="Équipements du chantier" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {rows.fields.map((row, index) => {
            const error = formState.errors.equipment?.[index]?.value?.message;
            return (
              <li key={row.id} className="flex min-w-0 flex-col gap-1">
                <div className="flex items-center gap-1">
                  <Input
                    aria-label={`Équipement ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${row.id}-error` : undefined}
                    autoComplete="off"
                    enterKeyHint="next"
                    className="min-w-0 flex-1"
                    {...register(`equipment.${index}.value`)}
                    onKeyDown={onRowKeyDown(index)}
                  />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="shrink-0 text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
                    onClick={() => rows.remove(index)}
                    aria-label={`Retirer l’équipement ${index + 1}`}
                    title="Retirer"
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {error && (
                  <p id={`${id}-${row.id}-error`} className="text-[0.8125rem] font-medium text-destructive">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-[0.8125rem] font-medium text-destructive">
          {listError}
        </p>
      )}
      <Button
        variant="ghost"
        size="sm"
        className={cn("self-start text-primary", count === 0 && "-mt-1")}
        onClick={() => rows.append({ value: "" }, { shouldFocus: true })}
      >
        <Plus aria-hidden="true" />
        Ajouter un équipement
      </Button>
    </fieldset>
  );
}
