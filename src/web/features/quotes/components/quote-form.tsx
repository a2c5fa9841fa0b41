import { zodResolver } from "@hookform/resolvers/zod";
import * as ToggleGroup from "@radix-ui/react-toggle-group";
import { parisToday } from "@shared/dates";
import { formatDateTime, formatEuro, plural } from "@shared/format";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES, QUOTE_TEXTS } from "@shared/quote-rules";
import { type Quote, type QuoteInput, quoteInputSchema } from "@shared/quotes";
import { useQuery } from "@tanstack/react-query";
import { clientOptionOptions } from "@web/components/client-picker/client-options";
import { ClientPicker } from "@web/components/client-picker/client-picker";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { Alert, AlertDescription, AlertTitle } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { NativeSelect } from "@web/components/ui/native-select";
import { Textarea } from "@web/components/ui/textarea";
import { GENERIC_ERROR_MESSAGE, toastFailure } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { readItem, removeItem, writeItem } from "@web/lib/storage";
import { Calculator, FileText, History, ListOrdered, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { useCreateQuote } from "../api/create-quote";
import { quoteValidityDaysQueryOptions } from "../api/get-quote-validity-days";
import { useUpdateQuote } from "../api/update-quote";
import { useQuoteAccess } from "../hooks/use-quote-access";
import {
  parseQuoteDraft,
  QUOTE_DRAFT_DELAY_MS,
  QUOTE_DRAFT_TEXTS,
  quoteDraftKey,
  serialiseQuoteDraft,
} from "../lib/quote-draft";
import { fieldErrorsFrom, sectionOf } from "../lib/quote-errors";
import {
  createDefaults,
  type DiscountMode,
  discountModeOf,
  liveTotals,
  type QuoteFormFields,
  quoteToFields,
  toQuotePayload,
  validUntilFor,
} from "../lib/quote-form";
import { applyTemplate, type QuoteTemplate } from "../lib/quote-template";
import { FormSection } from "./form-section";
import { QuoteHistoryList } from "./quote-history";
import { QuoteItemsEditor } from "./quote-items-editor";
import { QuoteStatusBadge } from "./quote-status-badge";
import { type QuoteBeingWritten, QuoteTemplatePicker } from "./quote-template-picker";
import { QuoteTotalsTable } from "./quote-totals";

/**
 * The shared schema validates the raw text of the inputs (it trims, coerces numbers and turns ''
 * into null); its preprocessed fields are typed `unknown` on input, hence the cast.
 */
const quoteFormResolver = zodResolver(quoteInputSchema) as unknown as Resolver<QuoteFormFields, unknown, QuoteInput>;

type Section = "info" | "items" | "totals" | "history";

export interface QuoteFormProps {
  /** The quote being edited; creation when null. */
  quote: Quote | null;
  /** /quotes/new?client_id=… */
  initialClientId?: string | null;
  isMobile: boolean;
  /**
   * « <company id>:<user id> »: the quote being written is kept on this device under it until it is saved
   * or discarded (features/quotes/lib/quote-draft.ts); none without it.
   */
  draftScope?: string | null;
  /** In the quote dialog (its title inside) or on the /quotes/new page (the page has the h1). */
  variant: "dialog" | "page";
  descriptionId?: string;
  onCancel: () => void;
  onSaved: (quote: Quote) => void;
}

const isIsoDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The quote form (docs/domain/quotes.md#screen): info, lines, totals and discount, history on edit. */
export function QuoteForm({
  quote,
  initialClientId,
  draftScope = null,
  isMobile,
  variant,
  descriptionId,
  onCancel,
  onSaved,
}: QuoteFormProps) {
  const editing = quote !== null;
  const permissions = useQuoteAccess();
  const today = useMemo(() => parisToday(), []);
  const validity = useQuery({
    ...quoteValidityDaysQueryOptions(),
    enabled: !editing && permissions.canReadSettings,
  });
  const validityDays = validity.data;

  const defaults = useMemo(
    () => (quote ? quoteToFields(quote) : createDefaults({ today, clientId: initialClientId })),
    [quote, today, initialClientId],
  );
  const form = useForm<QuoteFormFields, unknown, QuoteInput>({
    resolver: quoteFormResolver,
    defaultValues: defaults,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    reset,
    getValues,
    trigger,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  // The draft kept on the device: offered when the form opens, written while it holds unsaved input,
  // dropped once saved or discarded.
  const draftKey = draftScope ? quoteDraftKey(draftScope, quote?.id ?? null) : null;
  const [draftOffer, setDraftOffer] = useState(() =>
    draftKey ? parseQuoteDraft(readItem(draftKey), new Date()) : null,
  );
  const dropDraft = useCallback(() => {
    if (draftKey) removeItem(draftKey);
  }, [draftKey]);
  const { cancel, saved: markSaved } = useDirtyGuard(isDirty, onCancel, dropDraft);

  const createMutation = useCreateQuote();
  const updateMutation = useUpdateQuote();

  const [open, setOpen] = useState<Record<Section, boolean>>({
    info: true,
    items: true,
    totals: false,
    history: false,
  });
  const toggle = (section: Section) => (next: boolean) => setOpen((current) => ({ ...current, [section]: next }));
  const [discountMode, setDiscountMode] = useState<DiscountMode>(() => discountModeOf(defaults));
  const [appliedTemplate, setAppliedTemplate] = useState<string | null>(null);

  // valid_until follows the date (+ validity days) on create until the user sets it.
  const validUntilTouched = useRef(editing);
  const date = useWatch({ control, name: "date" });
  useEffect(() => {
    if (validUntilTouched.current || !isIsoDate(date)) return;
    setValue("valid_until", validUntilFor(date, validityDays));
  }, [date, validityDays, setValue]);

  const clientId = useWatch({ control, name: "client_id" });
  const chosenClient = useQuery({ ...clientOptionOptions(clientId), enabled: Boolean(clientId) });
  const watched = useWatch({ control });
  useEffect(() => {
    if (!draftKey || !isDirty || !watched) return;
    const timer = setTimeout(
      () => writeItem(draftKey, serialiseQuoteDraft(getValues(), new Date())),
      QUOTE_DRAFT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draftKey, isDirty, watched, getValues]);
  const totals = useMemo(
    () =>
      liveTotals({
        items: (watched.items ?? []).map((item) => ({
          name: item?.name ?? "",
          description: item?.description ?? "",
          quantity: item?.quantity ?? "",
          unit: item?.unit ?? "",
          unit_price: item?.unit_price ?? "",
          tax_rate: item?.tax_rate ?? "",
        })),
        discount_percentage: discountMode === "percentage" ? (watched.discount_percentage ?? "0") : "0",
        discount_amount: discountMode === "amount" ? (watched.discount_amount ?? "0") : "0",
      }),
    [watched, discountMode],
  );
  const lineCount = watched.items?.length ?? 0;

  const focusSoon = (path: string) =>
    window.setTimeout(() => {
      try {
        setFocus(path as keyof QuoteFormFields);
      } catch {
        // the field is not on screen: nothing to focus
      }
    }, 60);

  const openSectionsFor = (paths: string[]) => {
    if (paths.length === 0) return;
    setOpen((current) => {
      const next = { ...current };
      for (const path of paths) next[sectionOf(path)] = true;
      return next;
    });
    const first = paths[0];
    if (first) focusSoon(first);
  };

  const onInvalid = (formErrors: FieldErrors<QuoteFormFields>) => {
    const paths: string[] = [];
    for (const key of ["name", "client_id", "status", "date", "valid_until", "notes", "terms"] as const) {
      if (formErrors[key]) paths.push(key);
    }
    const items = formErrors.items;
    if (Array.isArray(items)) {
      items.forEach((itemErrors, index) => {
        if (!itemErrors) return;
        for (const field of ["name", "description", "quantity", "unit", "unit_price", "tax_rate"] as const) {
          if ((itemErrors as Record<string, unknown>)[field]) paths.push(`items.${index}.${field}`);
        }
      });
    }
    for (const key of ["discount_percentage", "discount_amount"] as const) {
      if (formErrors[key]) paths.push(key);
    }
    openSectionsFor(paths);
  };

  const submit = handleSubmit(async (values) => {
    const input: QuoteInput =
      discountMode === "percentage" ? { ...values, discount_amount: 0 } : { ...values, discount_percentage: 0 };
    try {
      const saved = editing
        ? await updateMutation.mutateAsync({ id: quote.id, body: toQuotePayload(input, quote.id) })
        : await createMutation.mutateAsync(toQuotePayload(input));
      toast.success(editing ? QUOTE_TEXTS.updated : QUOTE_TEXTS.created);
      dropDraft();
      markSaved();
      onSaved(saved);
    } catch (error) {
      const fieldErrors = fieldErrorsFrom(error, getValues("items").length);
      for (const { path, message } of fieldErrors) {
        setError(path as keyof QuoteFormFields, { type: "server", message });
      }
      openSectionsFor(fieldErrors.map((e) => e.path));
      toastFailure(
        editing ? "Erreur lors de la mise à jour" : "Erreur lors de la création",
        error,
        GENERIC_ERROR_MESSAGE,
      );
    }
  }, onInvalid);

  const applyChosenTemplate = (template: QuoteTemplate) => {
    reset(applyTemplate(getValues(), template, today), { keepDefaultValues: true });
    setDiscountMode("percentage");
    setAppliedTemplate(template.id);
    setOpen((current) => ({ ...current, items: true }));
  };

  // « Enregistrer ce devis comme template » reads the form as it is and needs complete lines.
  const beingWritten: QuoteBeingWritten = {
    read: () => ({ fields: getValues(), discountMode }),
    validateLines: async () => {
      const complete = await trigger("items");
      if (!complete) setOpen((current) => ({ ...current, items: true }));
      return complete;
    },
  };

  const switchDiscountMode = (mode: DiscountMode) => {
    setDiscountMode(mode);
    if (mode === "percentage") setValue("discount_amount", "0");
    else setValue("discount_percentage", "0");
  };

  const selectedClientName =
    quote && clientId === quote.client_id ? quote.client.name : (chosenClient.data?.name ?? undefined);
  const infoErrors = ["name", "client_id", "status", "date", "valid_until", "notes", "terms"].some(
    (key) => errors[key as keyof QuoteFormFields],
  );
  const watchedName = (watched.name ?? "").trim();
  const discountPercentage = discountMode === "percentage" ? Number(watched.discount_percentage) || 0 : 0;
  const pad = isMobile ? "px-4" : "px-6";

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      {variant === "dialog" && (
        <div
          className={cn(
            "flex flex-col gap-1.5 border-b border-border",
            isMobile ? "px-5 pt-3 pb-4" : "px-6 py-5",
            "pr-14",
          )}
        >
          <DialogTitle>{editing ? "Modifier le devis" : "Créer un nouveau devis"}</DialogTitle>
          <DialogDescription id={descriptionId} className="flex flex-wrap items-center gap-2">
            {editing ? (
              <>
                <span className="font-medium text-foreground tabular-nums">{quote.reference}</span>
                <QuoteStatusBadge status={quote.status} />
              </>
            ) : (
              "Les champs marqués d'un * sont obligatoires. Les totaux se calculent en direct."
            )}
          </DialogDescription>
        </div>
      )}

      <div
        className={cn(
          "flex min-h-0 flex-1 flex-col gap-4",
          variant === "dialog" && "relative overflow-y-auto bg-background/60 py-5",
          variant === "dialog" && pad,
        )}
      >
        {draftOffer && (
          <Alert
            role="region"
            aria-label="Brouillon sur cet appareil"
            className="flex-col gap-3 sm:flex-row sm:items-center"
          >
            <div className="flex flex-1 flex-col gap-1">
              <AlertTitle>{QUOTE_DRAFT_TEXTS.title}</AlertTitle>
              <AlertDescription>{QUOTE_DRAFT_TEXTS.description(formatDateTime(draftOffer.savedAt))}</AlertDescription>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  reset(draftOffer.values, { keepDefaultValues: true });
                  setDiscountMode(discountModeOf(draftOffer.values));
                  setDraftOffer(null);
                }}
              >
                {QUOTE_DRAFT_TEXTS.resume}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => {
                  dropDraft();
                  setDraftOffer(null);
                }}
              >
                {QUOTE_DRAFT_TEXTS.ignore}
              </Button>
            </div>
          </Alert>
        )}
        {!editing && (
          <QuoteTemplatePicker
            onApply={applyChosenTemplate}
            canDelete={permissions.canDeleteTemplates}
            canEdit={permissions.canEdit}
            appliedId={appliedTemplate}
            current={beingWritten}
          />
        )}

        <FormSection
          title="Informations"
          icon={<FileText />}
          open={open.info}
          onOpenChange={toggle("info")}
          hasError={infoErrors}
          summary={[watchedName || "Sans nom", selectedClientName].filter(Boolean).join(" · ")}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Nom du devis *" error={errors.name?.message} className="sm:col-span-2">
              {(props) => (
                <Input
                  autoComplete="off"
                  placeholder="Ex. Rénovation salle de bain"
                  required
                  data-autofocus={!editing && !isMobile ? "" : undefined}
                  {...props}
                  {...register("name")}
                />
              )}
            </FormField>
            <FormField label="Client *" error={errors.client_id?.message}>
              {(props) => (
                <Controller
                  control={control}
                  name="client_id"
                  render={({ field }) => (
                    <ClientPicker
                      {...props}
                      value={field.value || undefined}
                      onChange={(id) => field.onChange(id ?? "")}
                      selectedName={quote && field.value === quote.client_id ? quote.client.name : undefined}
                      activeOnly
                      canCreate={permissions.canCreateClients}
                      placeholder="Rechercher ou créer un client…"
                    />
                  )}
                />
              )}
            </FormField>
            <FormField label="Statut *" error={errors.status?.message}>
              {(props) => (
                <NativeSelect required {...props} {...register("status")}>
                  {QUOTE_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {QUOTE_STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Date *" error={errors.date?.message}>
              {(props) => <Input type="date" required {...props} {...register("date")} />}
            </FormField>
            <FormField
              label="Valable jusqu'au"
              error={errors.valid_until?.message}
              hint={
                !editing && !validityDays && !watched.valid_until
                  ? "Laissée vide, elle suit la durée de validité de l'entreprise."
                  : undefined
              }
            >
              {(props) => (
                <Input
                  type="date"
                  {...props}
                  {...register("valid_until", {
                    onChange: () => {
                      validUntilTouched.current = true;
                    },
                  })}
                />
              )}
            </FormField>
            <FormField
              label="Notes internes"
              error={errors.notes?.message}
              hint="Visibles dans Propulse seulement, jamais sur le PDF."
              className="sm:col-span-2"
            >
              {(props) => <Textarea rows={2} {...props} {...register("notes")} />}
            </FormField>
            <FormField
              label="Conditions"
              error={errors.terms?.message}
              hint={"Imprimées sur le PDF. Vides\u00a0: les conditions générales de l'entreprise."}
              className="sm:col-span-2"
            >
              {(props) => (
                <Textarea
                  rows={2}
                  placeholder="Ex. Acompte de 30 % à la commande, solde à la réception des travaux."
                  {...props}
                  {...register("terms")}
                />
              )}
            </FormField>
          </div>
        </FormSection>

        <FormSection
          title="Lignes du devis"
          icon={<ListOrdered />}
          open={open.items}
          onOpenChange={toggle("items")}
          hasError={Boolean(errors.items)}
          summary={`${plural(lineCount, "ligne")} · ${formatEuro(totals.total)}\u00a0TTC`}
          contentClassName={isMobile ? "px-3" : "px-3"}
        >
          <QuoteItemsEditor form={form} lineTotals={totals.lines.map((l) => l.total)} isMobile={isMobile} />
          <div className="mt-4 flex items-baseline justify-end gap-3 border-t border-border px-1 pt-3 text-sm">
            <span className="text-muted-foreground">Total TTC{totals.discount > 0 ? " après remise" : ""}</span>
            <span className="text-base font-semibold tabular-nums" data-testid="quote-items-total">
              {formatEuro(totals.total)}
            </span>
          </div>
        </FormSection>

        <FormSection
          title="Totaux et remise"
          icon={<Calculator />}
          open={open.totals}
          onOpenChange={toggle("totals")}
          hasError={Boolean(errors.discount_percentage || errors.discount_amount)}
          summary={`Total TTC ${formatEuro(totals.total)}`}
        >
          <div className={cn("grid gap-6", !isMobile && "grid-cols-[minmax(0,18rem)_minmax(0,1fr)]")}>
            <DiscountFields
              form={form}
              mode={discountMode}
              onModeChange={switchDiscountMode}
              error={errors.discount_percentage?.message ?? errors.discount_amount?.message}
            />
            <QuoteTotalsTable
              totals={totals}
              discountPercentage={discountPercentage}
              className="rounded-md border border-border bg-muted/30 p-4"
            />
          </div>
        </FormSection>

        {editing && (
          <FormSection title="Historique" icon={<History />} open={open.history} onOpenChange={toggle("history")}>
            <QuoteHistoryList quoteId={quote.id} />
          </FormSection>
        )}
      </div>

      <div
        className={cn(
          "flex gap-2 border-t border-border bg-card",
          variant === "page" && "mt-4 items-center rounded-lg border px-4 py-3 shadow-card",
          variant === "page" && !isMobile && "sticky bottom-4 z-10 shadow-elevated",
          variant === "dialog" &&
            (isMobile ? "px-4 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]" : "items-center px-6 py-4"),
        )}
      >
        {!isMobile && (
          <p className="mr-auto text-sm text-muted-foreground">
            Total TTC{" "}
            <span className="font-semibold text-foreground tabular-nums" data-testid="quote-footer-total">
              {formatEuro(totals.total)}
            </span>
          </p>
        )}
        <Button variant="outline" onClick={cancel} disabled={isSubmitting} className={cn(isMobile && "flex-1")}>
          Annuler
        </Button>
        <Button type="submit" disabled={isSubmitting} className={cn(isMobile && "flex-1")}>
          {isSubmitting ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              En cours…
            </>
          ) : editing ? (
            "Enregistrer"
          ) : (
            "Créer le devis"
          )}
        </Button>
      </div>
    </form>
  );
}

interface DiscountFieldsProps {
  form: ReturnType<typeof useForm<QuoteFormFields, unknown, QuoteInput>>;
  mode: DiscountMode;
  onModeChange: (mode: DiscountMode) => void;
  error: string | undefined;
}

/** Discount as a percentage (0–100) or a fixed amount excluding VAT. */
function DiscountFields({ form, mode, onModeChange, error }: DiscountFieldsProps) {
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
      <ToggleGroup.Root
        type="single"
        value={mode}
        onValueChange={(next) => {
          if (next) onModeChange(next as DiscountMode);
        }}
        aria-label="Type de remise"
        className="inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1"
      >
        {(
          [
            ["percentage", "Pourcentage"],
            ["amount", "Montant fixe"],
          ] as const
        ).map(([value, label]) => (
          <ToggleGroup.Item
            key={value}
            value={value}
            className={cn(
              "inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors",
              "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              "data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-card",
            )}
          >
            {label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
      <div className="flex flex-col gap-2">
        <Label htmlFor={a11y.id}>{mode === "percentage" ? "Remise (%)" : "Remise (€ HT)"}</Label>
        <div className="relative">
          {mode === "percentage" ? (
            <Input
              key="percentage"
              type="number"
              inputMode="decimal"
              min="0"
              max="100"
              step="0.01"
              className="pr-9 text-right tabular-nums"
              {...a11y}
              {...form.register("discount_percentage")}
            />
          ) : (
            <Input
              key="amount"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              className="pr-9 text-right tabular-nums"
              {...a11y}
              {...form.register("discount_amount")}
            />
          )}
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
