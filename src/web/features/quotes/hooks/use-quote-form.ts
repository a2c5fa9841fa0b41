import { zodResolver } from "@hookform/resolvers/zod";
import { parisToday } from "@shared/dates";
import { QUOTE_TEXTS } from "@shared/quote-rules";
import { type Quote, type QuoteInput, quoteInputSchema } from "@shared/quotes";
import { ENERGY_RENOVATION_TAX_RATE, isMixedVat, jobTaxRate } from "@shared/vat-rules";
import { useQuery } from "@tanstack/react-query";
import { clientOptionOptions } from "@web/components/client-picker/client-options";
import { useDocumentForm } from "@web/components/document-form/use-document-form";
import { readItem, removeItem, writeItem } from "@web/lib/storage";
import { toast } from "@web/lib/toast";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type Resolver, useWatch } from "react-hook-form";
import { useCreateQuote } from "../api/create-quote";
import { quoteQueryOptions } from "../api/get-quote";
import { FALLBACK_QUOTE_DEFAULTS, quoteDefaultsQueryOptions } from "../api/get-quote-defaults";
import { useUpdateQuote } from "../api/update-quote";
import type { QuoteBeingWritten } from "../components/quote-template-picker";
import { parseQuoteDraft, QUOTE_DRAFT_DELAY_MS, quoteDraftKey, serialiseQuoteDraft } from "../lib/quote-draft";
import { QUOTE_FORM_FIELDS, QUOTE_FORM_ORDER, sectionOf } from "../lib/quote-errors";
import {
  createDefaults,
  liveMargin,
  type QuoteFormFields,
  quoteToFields,
  toQuotePayload,
  validUntilFor,
} from "../lib/quote-form";
import { applyTemplate, type QuoteTemplate } from "../lib/quote-template";
import { useQuoteAccess } from "./use-quote-access";

/**
 * The shared schema validates the raw text of the inputs (it trims, coerces numbers and turns ''
 * into null); its preprocessed fields are typed `unknown` on input, hence the cast.
 */
const quoteFormResolver = zodResolver(quoteInputSchema) as unknown as Resolver<QuoteFormFields, unknown, QuoteInput>;

export type QuoteFormSection = "info" | "items" | "totals" | "history";
type Section = QuoteFormSection;

export interface QuoteFormOptions {
  /** The quote being edited; creation when null. */
  quote: Quote | null;
  /** /quotes/new?client_id=… */
  initialClientId?: string | null;
  /** « <company id>:<user id> »: the draft kept on this device (features/quotes/lib/quote-draft.ts); none without it. */
  draftScope: string | null;
  onCancel: () => void;
  onSaved: (quote: Quote) => void;
}

const isIsoDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The quote form's state and rules, for QuoteForm and its sections: the fields (react-hook-form with
 * the shared schema), the validity date that follows the date, the draft kept on the device, the
 * live totals, the discount mode, the template applied, the sections open, and the save with the
 * server's field errors put back under their fields.
 */
export function useQuoteForm({ quote, initialClientId, draftScope, onCancel, onSaved }: QuoteFormOptions) {
  const editing = quote !== null;
  const permissions = useQuoteAccess();
  const today = useMemo(() => parisToday(), []);
  // What a new quote and a new line start with (GET /api/quotes/defaults, for whoever writes quotes).
  const quoteDefaults = useQuery({ ...quoteDefaultsQueryOptions(), enabled: permissions.canCreate });
  const validityDays = quoteDefaults.data?.validity_days;
  const companyTaxRate = quoteDefaults.data?.default_tax_rate ?? FALLBACK_QUOTE_DEFAULTS.default_tax_rate;

  const defaults = useMemo(
    () => (quote ? quoteToFields(quote) : createDefaults({ today, clientId: initialClientId })),
    [quote, today, initialClientId],
  );
  // The draft kept on the device: offered when the form opens, written while it holds unsaved input,
  // dropped once saved or discarded.
  const draftKey = draftScope ? quoteDraftKey(draftScope, quote?.id ?? null) : null;
  const [draftOffer, setDraftOffer] = useState(() =>
    draftKey ? parseQuoteDraft(readItem(draftKey), new Date()) : null,
  );
  const dropDraft = useCallback(() => {
    if (draftKey) removeItem(draftKey);
  }, [draftKey]);
  // Saved: the form re-renders once more with its input, which must not be written back as a draft.
  const saved = useRef(false);

  const createMutation = useCreateQuote();
  const updateMutation = useUpdateQuote();
  const payloadOptions = { withCosts: permissions.canSeeMargins };
  const document = useDocumentForm({
    document: quote,
    resolver: quoteFormResolver,
    defaults,
    toFields: quoteToFields,
    query: quoteQueryOptions,
    sections: { info: true, items: true, totals: false, history: false } as Record<Section, boolean>,
    sectionOf: (path): Section => sectionOf(path),
    order: QUOTE_FORM_ORDER,
    serverFields: QUOTE_FORM_FIELDS,
    save: (input, version) =>
      quote
        ? updateMutation.mutateAsync({ id: quote.id, body: toQuotePayload(input, quote.id, payloadOptions), version })
        : createMutation.mutateAsync(toQuotePayload(input, undefined, payloadOptions)),
    onSuccess: () => {
      toast.success(editing ? QUOTE_TEXTS.updated : QUOTE_TEXTS.created);
      saved.current = true;
      dropDraft();
    },
    failureTitle: editing ? "Erreur lors de la mise à jour" : "Erreur lors de la création",
    onCancel,
    onSaved,
    onDiscarded: dropDraft,
  });
  const { form, watched, setOpen, discountMode, setDiscountMode, resetTo } = document;
  const {
    setValue,
    reset,
    getValues,
    trigger,
    control,
    formState: { errors, isDirty },
  } = form;

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
  // Another client: the worksite address and the answer about the premises were the previous one's.
  const previousClient = useRef(clientId);
  useEffect(() => {
    if (previousClient.current === clientId) return;
    previousClient.current = clientId;
    if (getValues("worksite")) setValue("worksite", null, { shouldDirty: true });
    if (getValues("premises")) setValue("premises", null, { shouldDirty: true });
  }, [clientId, getValues, setValue]);
  const clientAddresses = useMemo(
    () =>
      (chosenClient.data?.addresses ?? []).map(({ label, address, postal_code, city }) => ({
        label,
        address,
        postal_code,
        city,
      })),
    [chosenClient.data],
  );

  // The VAT that follows the job (ADR 0029): a new line's rate from the client's type and the answer
  // to « Logement achevé depuis plus de 2 ans ? », asked once per quote of a private client.
  // A client without a type is an individual (clientSchema's default, the spec's body).
  const clientType = clientId && chosenClient.data ? (chosenClient.data.type ?? "particulier") : null;
  const premises = useWatch({ control, name: "premises" }) ?? null;
  const worksite = useWatch({ control, name: "worksite" });
  const [energyRenovation, setEnergyRenovation] = useState(
    () => quote?.items.some((item) => item.kind === "item" && item.tax_rate === ENERGY_RENOVATION_TAX_RATE) ?? false,
  );
  const defaultTaxRate = jobTaxRate({ clientType, premises, energyRenovation }, companyTaxRate);
  // A worksite address of the client whose answer is remembered answers the question for this quote.
  const previousSite = useRef(worksite);
  useEffect(() => {
    if (previousSite.current === worksite) return;
    previousSite.current = worksite;
    if (!worksite) return;
    const remembered = chosenClient.data?.addresses?.find(
      (site) =>
        site.address === worksite.address &&
        site.postal_code === worksite.postal_code &&
        site.city === worksite.city &&
        site.label === worksite.label,
    )?.premises;
    if (remembered && remembered !== getValues("premises")) setValue("premises", remembered, { shouldDirty: true });
  }, [worksite, chosenClient.data, getValues, setValue]);
  useEffect(() => {
    if (!draftKey || !isDirty || !watched || saved.current) return;
    const timer = setTimeout(() => {
      if (!saved.current) writeItem(draftKey, serialiseQuoteDraft(getValues(), new Date()));
    }, QUOTE_DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftKey, isDirty, watched, getValues]);
  // A new quote's first line, while still empty, takes the job's VAT rate once known (the company's,
  // then the client's and the premises'), unless the user chose one.
  useEffect(() => {
    if (editing || !quoteDefaults.data) return;
    const rate = String(defaultTaxRate);
    const empty = !getValues("items.0.name") && !Number(getValues("items.0.unit_price"));
    if (!form.getFieldState("items.0.tax_rate").isDirty && getValues("items.0.kind") === "item" && empty) {
      setValue("items.0.tax_rate", rate);
    }
  }, [editing, quoteDefaults.data, defaultTaxRate, form, getValues, setValue]);
  // Lines at a reduced rate beside others (10 % and 20 %…): flagged, to be checked line by line.
  const mixedVat = isMixedVat(
    (watched.items ?? [])
      .filter((item) => (item?.kind ?? "item") === "item" && item?.tax_rate !== undefined && item.tax_rate !== "")
      .map((item) => Number(item?.tax_rate)),
  );

  const margin = useMemo(
    () => (permissions.canSeeMargins ? liveMargin(document.live) : null),
    [document.live, permissions.canSeeMargins],
  );

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

  const selectedClientName =
    quote && clientId === quote.client_id ? quote.client.name : (chosenClient.data?.name ?? undefined);
  const infoErrors = ["name", "client_id", "status", "date", "valid_until", "notes", "terms"].some(
    (key) => errors[key as keyof QuoteFormFields],
  );
  const watchedName = (watched.name ?? "").trim();

  const resumeDraft = () => {
    if (!draftOffer) return;
    resetTo(draftOffer.values, true);
    setDraftOffer(null);
  };
  const ignoreDraft = () => {
    dropDraft();
    setDraftOffer(null);
  };

  return {
    ...document,
    quote,
    permissions,
    validityDays,
    draftOffer,
    resumeDraft,
    ignoreDraft,
    appliedTemplate,
    applyChosenTemplate,
    beingWritten,
    /** Cost and margin for quotes:margins holders (null for others). */
    margin,
    /** The rate a new line takes: the job's (ADR 0029), the company's until client and premises are known. */
    defaultTaxRate,
    /** The chosen client's type (null before one is known): a private client is asked about the premises. */
    clientType,
    energyRenovation,
    setEnergyRenovation,
    /** The priced lines carry a reduced rate beside another one. */
    mixedVat,
    selectedClientName,
    /** The chosen client's worksite addresses, for « Adresse du chantier ». */
    clientAddresses,
    infoErrors,
    watchedName,
    /** The user set « Valable jusqu'au » himself: it stops following the date. */
    validUntilTouched: () => {
      validUntilTouched.current = true;
    },
  };
}

export type QuoteFormState = ReturnType<typeof useQuoteForm>;
