import { zodResolver } from "@hookform/resolvers/zod";
import { UNITS } from "@shared/documents";
import { formatEuro, formatPercent } from "@shared/format";
import type { LibraryItem } from "@shared/library";
import {
  LIBRARY_CATEGORIES,
  LIBRARY_CATEGORY_LABELS,
  LIBRARY_TEXTS,
  OUVRAGE_PRICING_LABELS,
  OUVRAGE_PRICINGS,
  priceOuvrage,
} from "@shared/library-rules";
import { useQuery } from "@tanstack/react-query";
import { taxRateOptions, useTaxRates } from "@web/components/document-lines/tax-rates";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { Button } from "@web/components/ui/button";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { FormField } from "@web/components/ui/form-field";
import { DecimalInput, Input } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Spinner } from "@web/components/ui/spinner";
import { Textarea } from "@web/components/ui/textarea";
import { toastFailure, toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Trash2 } from "lucide-react";
import { useId } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { libraryItemQueryOptions } from "../api/get-library";
import { useSaveLibraryItem } from "../api/library-mutations";
import { hoursText, kindLabel, marginText } from "../lib/library-format";
import { libraryFormDefaults, libraryFormSchema, partsOf } from "../lib/library-payload";
import { ArticleSearch } from "./article-search";
import type { LibraryFormState } from "./library-page";

const resolver = zodResolver(libraryFormSchema);

export interface LibraryItemDialogProps {
  form: LibraryFormState;
  isMobile: boolean;
  /** Without library:edit: the item is shown, not edited. */
  readOnly: boolean;
  onClose: () => void;
}

/** « Nouvel article », « Nouvel ouvrage », « Modifier … » (docs/domain/library.md). */
export function LibraryItemDialog({ form, isMobile, readOnly, onClose }: LibraryItemDialogProps) {
  const descriptionId = useId();
  const item = form?.mode === "edit" ? form.item : null;
  // An ouvrage's parts come with its detail.
  const detail = useQuery({ ...libraryItemQueryOptions(item?.id ?? ""), enabled: item?.kind === "ouvrage" });
  const ready = item?.kind !== "ouvrage" || detail.data !== undefined;
  return (
    <ResponsiveModal
      open={form !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-2xl gap-0 p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      {form === null ? null : ready ? (
        <LibraryItemForm
          key={item?.id ?? `new-${form.mode === "create" ? form.kind : ""}`}
          item={detail.data ?? item}
          kind={form.mode === "create" ? form.kind : (item?.kind ?? "article")}
          isMobile={isMobile}
          readOnly={readOnly}
          descriptionId={descriptionId}
          onDone={onClose}
        />
      ) : (
        <div className="p-6">
          <DialogTitle className="sr-only">{item?.name}</DialogTitle>
          <DialogDescription id={descriptionId} className="sr-only">
            Chargement de l’ouvrage
          </DialogDescription>
          {detail.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Impossible de charger cet ouvrage. Fermez et réessayez.
            </p>
          ) : (
            <Spinner label="Chargement de l’ouvrage…" />
          )}
        </div>
      )}
    </ResponsiveModal>
  );
}

interface LibraryItemFormProps {
  item: LibraryItem | null;
  kind: "article" | "ouvrage";
  isMobile: boolean;
  readOnly: boolean;
  descriptionId: string;
  onDone: () => void;
}

function LibraryItemForm({ item, kind, isMobile, readOnly, descriptionId, onDone }: LibraryItemFormProps) {
  const editing = item !== null;
  const save = useSaveLibraryItem();
  // The version the form's values come from, sent with the save (ADR 0024).
  const versioned = useVersionedForm(
    item,
    item && {
      query: () => libraryItemQueryOptions(item.id),
      apply: (fresh) => reset(libraryFormDefaults(kind, fresh)),
    },
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({ resolver, defaultValues: libraryFormDefaults(kind, item) });
  const parts = useFieldArray({ control, name: "components", keyName: "key" });
  const { cancel } = useDirtyGuard(isDirty, onDone);
  const values = watch();
  // The company's VAT rates (ADR 0020); an item's stored rate outside them stays selectable, to be changed.
  const taxRates = taxRateOptions(useTaxRates(), String(values.tax_rate ?? ""));
  const isOuvrage = values.kind === "ouvrage";

  // Recomputed on every keystroke (watch): a few parts, one pure function.
  const price = priceOuvrage({
    parts: partsOf(values),
    pricing: values.pricing,
    coefficient: Number(values.coefficient.replace(",", ".")) || 0,
    forced_price_cents: Math.round((Number(values.forced_price.replace(",", ".")) || 0) * 100),
  });
  const sale = isOuvrage ? price.sale_cents / 100 : Number(values.unit_price.replace(",", ".")) || 0;
  const cost = isOuvrage ? price.cost_cents / 100 : Number(values.cost_price.replace(",", ".")) || 0;

  const submit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: item?.id ?? null, body, version: versioned.version });
      toastSuccess(editing ? LIBRARY_TEXTS.updated : LIBRARY_TEXTS.created);
      onDone();
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      toastFailure(editing ? "Échec de la modification" : "Échec de l’ajout", error);
    }
  });

  const title = editing
    ? `${readOnly ? "" : "Modifier "}${isOuvrage ? "l'ouvrage" : "l'article"}`
    : isOuvrage
      ? "Nouvel ouvrage"
      : "Nouvel article";
  const componentsError = errors.components?.message ?? errors.components?.root?.message;

  /** « Recharger » after a stale save: the stored version in the form. */

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={readOnly && editing ? item.name : title.charAt(0).toUpperCase() + title.slice(1)}
        description={
          isOuvrage
            ? "Un ouvrage se compose d’articles\u00a0: son déboursé et son prix se calculent à partir d’eux."
            : "Les champs marqués d’un * sont obligatoires. Les prix s’entendent hors taxes."
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />

      <fieldset
        disabled={readOnly}
        className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}
      >
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        <FormField label="Nom *" error={errors.name?.message}>
          {(props) => <Input required {...props} {...register("name")} />}
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          {(props) => <Textarea rows={2} {...props} {...register("description")} />}
        </FormField>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          <FormField label="Unité *" error={errors.unit?.message}>
            {(props) => (
              <NativeSelect {...props} {...register("unit")}>
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label="TVA *" error={errors.tax_rate?.message}>
            {(props) => (
              <NativeSelect {...props} {...register("tax_rate")}>
                {taxRates.map((rate) => (
                  <option key={rate} value={rate}>
                    {formatPercent(Number(rate))}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {!isOuvrage && (
            <FormField label="Catégorie *" error={errors.category?.message} className="col-span-2 sm:col-span-1">
              {(props) => (
                <NativeSelect {...props} {...register("category")}>
                  {LIBRARY_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {LIBRARY_CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          )}
        </div>

        {!isOuvrage ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
            <FormField label="Prix de vente HT *" error={errors.unit_price?.message}>
              {(props) => <DecimalInput {...props} {...register("unit_price")} />}
            </FormField>
            <FormField label="Déboursé HT *" error={errors.cost_price?.message}>
              {(props) => <DecimalInput {...props} {...register("cost_price")} />}
            </FormField>
            <FormField
              label="Réf. fournisseur"
              error={errors.supplier_reference?.message}
              className="col-span-2 sm:col-span-1"
            >
              {(props) => <Input {...props} {...register("supplier_reference")} />}
            </FormField>
          </div>
        ) : (
          <section aria-labelledby="ouvrage-parts" className="flex flex-col gap-3">
            <h3 id="ouvrage-parts" className="text-sm font-semibold">
              Composants (pour 1 {values.unit})
            </h3>
            {parts.fields.length > 0 && (
              <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
                {parts.fields.map((part, index) => (
                  <li key={part.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                    <span className="min-w-0 flex-1 basis-full sm:basis-40">
                      <span className="block text-sm font-medium break-words">{part.name}</span>
                      <span className="block text-xs text-muted-foreground">
                        {kindLabel("article", part.category)} · {formatEuro(part.unit_price)} HT / {part.unit}
                      </span>
                    </span>
                    <DecimalInput
                      decimals={3}
                      aria-label={`Quantité de ${part.name} (${part.unit})`}
                      aria-invalid={errors.components?.[index]?.quantity ? true : undefined}
                      className="w-24"
                      {...register(`components.${index}.quantity`)}
                    />
                    <span className="mr-auto w-10 text-xs text-muted-foreground sm:mr-0">{part.unit}</span>
                    {!readOnly && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Retirer ${part.name}`}
                        onClick={() => parts.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                    {errors.components?.[index]?.quantity?.message && (
                      <p className="basis-full text-xs text-destructive">
                        {errors.components[index]?.quantity?.message}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!readOnly && (
              <ArticleSearch
                exclude={new Set(values.components.map((c) => c.article_id))}
                onPick={(article) =>
                  parts.append({
                    article_id: article.id,
                    name: article.name,
                    unit: article.unit,
                    category: article.category ?? "fourniture",
                    unit_price: article.unit_price,
                    cost_price: article.cost_price,
                    quantity: "1",
                  })
                }
              />
            )}
            {componentsError && (
              <p role="alert" className="text-sm text-destructive">
                {componentsError}
              </p>
            )}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_10rem] sm:gap-4">
              <FormField label="Prix de vente" error={errors.pricing?.message}>
                {(props) => (
                  <NativeSelect {...props} {...register("pricing")}>
                    {OUVRAGE_PRICINGS.map((pricing) => (
                      <option key={pricing} value={pricing}>
                        {OUVRAGE_PRICING_LABELS[pricing]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {values.pricing === "coefficient" && (
                <FormField label="Coefficient *" error={errors.coefficient?.message}>
                  {(props) => <DecimalInput decimals={4} {...props} {...register("coefficient")} />}
                </FormField>
              )}
              {values.pricing === "forced" && (
                <FormField label="Prix forcé HT *" error={errors.forced_price?.message}>
                  {(props) => <DecimalInput {...props} {...register("forced_price")} />}
                </FormField>
              )}
            </div>
          </section>
        )}

        <dl
          aria-label="Prix et marge"
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-border bg-muted/50 px-4 py-3 text-sm tabular-nums sm:grid-cols-4"
        >
          <div>
            <dt className="text-xs text-muted-foreground">Prix de vente HT</dt>
            <dd className="font-semibold">{formatEuro(sale)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Déboursé</dt>
            <dd>{formatEuro(cost)}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Marge</dt>
            <dd>{marginText(sale, cost)}</dd>
          </div>
          {isOuvrage && (
            <div>
              <dt className="text-xs text-muted-foreground">Main-d'œuvre</dt>
              <dd>{price.labour_hours ? hoursText(price.labour_hours) : "—"}</dd>
            </div>
          )}
        </dl>
      </fieldset>

      <ModalFooter isMobile={isMobile}>
        {readOnly ? (
          <Button type="button" variant="outline" onClick={onDone} className={cn(isMobile && "flex-1")}>
            Fermer
          </Button>
        ) : (
          <FormActions
            isMobile={isMobile}
            pending={isSubmitting}
            onCancel={cancel}
            submitLabel={editing ? "Enregistrer" : "Ajouter à la bibliothèque"}
          />
        )}
      </ModalFooter>
    </form>
  );
}
