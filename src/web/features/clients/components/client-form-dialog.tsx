import { zodResolver } from "@hookform/resolvers/zod";
import {
  CIVILITIES,
  CLIENT_TEXTS,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type ClientType,
  clientDisplayName,
  identityOfType,
  normaliseSiret,
  siretIssue,
  vatNumberFromSiren,
} from "@shared/client-rules";
import { type ClientFormValues, type ClientRecord, clientFormSchema } from "@shared/clients";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { StaleVersionNotice, useVersionedForm } from "@web/components/form/stale-version";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { EmailInput, Input, PhoneInput } from "@web/components/ui/input";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { SegmentedControl } from "@web/components/ui/segmented-control";
import { SwitchRow } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { toastFailure } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { Calculator, MapPinPlus, Trash2, UserPlus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { type FieldPath, type Resolver, useFieldArray, useForm } from "react-hook-form";
import { useCreateClient } from "../api/create-client";
import { clientDetailQueryOptions } from "../api/get-client";
import { useUpdateClient } from "../api/update-client";
import { fieldErrorsFrom, toClientPayload } from "../lib/client-payload";

interface ContactFields {
  id?: string;
  name: string;
  role: string;
  phone: string;
  email: string;
}
interface AddressFields {
  id?: string;
  label: string;
  address: string;
  postal_code: string;
  city: string;
}

/** What the inputs hold (text, '' when empty); the shared schema turns it into ClientFormValues. */
export interface ClientFormFields {
  type: ClientType;
  civility: string;
  first_name: string;
  last_name: string;
  company_name: string;
  siret: string;
  vat_number: string;
  email: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  notes: string;
  is_active: boolean;
  contacts: ContactFields[];
  addresses: AddressFields[];
}

/**
 * The shared form schema validates the raw text of the inputs (it trims and turns '' into null); its
 * preprocessed fields are typed `unknown` on input, hence the one cast to the inputs' actual shape.
 */
const clientFormResolver = zodResolver(clientFormSchema) as unknown as Resolver<
  ClientFormFields,
  unknown,
  ClientFormValues
>;

export function formDefaults(client?: ClientRecord | null): ClientFormFields {
  return {
    type: client?.type ?? "particulier",
    civility: client?.civility ?? "",
    first_name: client?.first_name ?? "",
    last_name: client?.last_name ?? "",
    company_name: client?.company_name ?? "",
    siret: client?.siret ?? "",
    vat_number: client?.vat_number ?? "",
    email: client?.email ?? "",
    phone: client?.phone ?? "",
    address: client?.address ?? "",
    postal_code: client?.postal_code ?? "",
    city: client?.city ?? "",
    notes: client?.notes ?? "",
    is_active: client?.is_active ?? true,
    contacts: (client?.contacts ?? []).map((c) => ({
      id: c.id,
      name: c.name,
      role: c.role ?? "",
      phone: c.phone ?? "",
      email: c.email ?? "",
    })),
    addresses: (client?.addresses ?? []).map((a) => ({
      id: a.id,
      label: a.label ?? "",
      address: a.address,
      postal_code: a.postal_code ?? "",
      city: a.city ?? "",
    })),
  };
}

const TYPE_OPTIONS = CLIENT_TYPES.map((value) => ({ value, label: CLIENT_TYPE_LABELS[value] }));
const EMPTY_CONTACT: ContactFields = { name: "", role: "", phone: "", email: "" };
const EMPTY_ADDRESS: AddressFields = { label: "", address: "", postal_code: "", city: "" };

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  /** The client being edited; creation when absent. */
  client?: ClientRecord | null;
  /** The signed-in user belongs to a company (needed to create a client, docs/domain/clients.md#form). */
  hasCompany?: boolean;
  onSaved?: (client: ClientRecord) => void;
}

/** « Nouveau client » / « Modifier le client » (docs/domain/clients.md#form). */
export function ClientFormDialog({
  open,
  onOpenChange,
  isMobile,
  client,
  hasCompany = true,
  onSaved,
}: ClientFormDialogProps) {
  const descriptionId = useId();
  return (
    <ResponsiveModal
      open={open}
      onOpenChange={onOpenChange}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-2xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      {/* Remounted per client so the fields start from its values. */}
      <ClientForm
        key={client?.id ?? "new"}
        client={client ?? null}
        isMobile={isMobile}
        hasCompany={hasCompany}
        descriptionId={descriptionId}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved) => {
          onSaved?.(saved);
          onOpenChange(false);
        }}
      />
    </ResponsiveModal>
  );
}

interface ClientFormProps {
  client: ClientRecord | null;
  isMobile: boolean;
  hasCompany: boolean;
  descriptionId: string;
  onCancel: () => void;
  onSaved: (client: ClientRecord) => void;
}

function ClientForm({ client, isMobile, hasCompany, descriptionId, onCancel, onSaved }: ClientFormProps) {
  const editing = client !== null;
  const createMutation = useCreateClient();
  const updateMutation = useUpdateClient();
  const versioned = useVersionedForm(
    client,
    client && { query: () => clientDetailQueryOptions(client.id), apply: (fresh) => reset(formDefaults(fresh)) },
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ClientFormFields, unknown, ClientFormValues>({
    resolver: clientFormResolver,
    defaultValues: formDefaults(client),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const contacts = useFieldArray({ control, name: "contacts", keyName: "key" });
  const addresses = useFieldArray({ control, name: "addresses", keyName: "key" });
  const { cancel } = useDirtyGuard(isDirty, onCancel);
  const type = watch("type");
  const isActive = watch("is_active");
  const business = type === "professionnel";
  const siretDigits = normaliseSiret(watch("siret"));
  const siretReady = siretDigits !== "" && siretIssue(siretDigits) === null;
  const shownName = clientDisplayName(
    identityOfType({
      type,
      civility: (watch("civility") || null) as (typeof CIVILITIES)[number] | null,
      first_name: watch("first_name").trim() || null,
      last_name: watch("last_name").trim() || null,
      company_name: watch("company_name").trim() || null,
    }),
  );
  // A business turned into an individual loses what only a business has: said before saving.
  const losesBusinessFields =
    editing && client.type === "professionnel" && !business && (client.contacts.length > 0 || client.siret !== null);

  const submit = handleSubmit(async (values) => {
    if (!editing && !hasCompany) {
      toast.error(CLIENT_TEXTS.createFailed, { description: CLIENT_TEXTS.companyRequired });
      return;
    }
    try {
      const saved = editing
        ? await updateMutation.mutateAsync({
            id: client.id,
            body: toClientPayload(values, "edit"),
            version: versioned.version,
          })
        : await createMutation.mutateAsync(toClientPayload(values, "create"));
      versioned.loaded(saved);
      toast.success(editing ? CLIENT_TEXTS.updated : CLIENT_TEXTS.created);
      onSaved(saved);
    } catch (error) {
      // Saved by someone else meanwhile: what was typed stays, the notice offers to reload.
      if (versioned.refused(error)) return;
      fieldErrorsFrom(error, values.type).forEach(({ field, message }, index) => {
        setError(field as FieldPath<ClientFormFields>, { type: "server", message }, { shouldFocus: index === 0 });
      });
      toastFailure(editing ? CLIENT_TEXTS.updateFailed : CLIENT_TEXTS.createFailed, error);
    }
  });

  const pad = isMobile ? "px-5" : "px-6";
  /** « Recharger »: the stored client in the form, and its version. */

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <ModalHeader
        title={editing ? "Modifier le client" : "Nouveau client"}
        description="Les champs marqués d’un * sont obligatoires. Indiquez au moins un téléphone ou un e-mail."
        descriptionId={descriptionId}
        isMobile={isMobile}
        className={cn(isMobile ? "pt-3 pb-4" : "py-5", pad)}
      />

      <div className={cn("flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto", isMobile ? "py-4" : "py-5", pad)}>
        {versioned.stale && <StaleVersionNotice onReload={versioned.reload} />}
        <div className="flex flex-col gap-2">
          <span id="client-form-type" className="text-sm font-medium">
            Type de client
          </span>
          <SegmentedControl
            value={type}
            options={TYPE_OPTIONS}
            onChange={(next) => setValue("type", next, { shouldDirty: true })}
            label="Type de client"
            className="w-full sm:w-fit"
          />
          {losesBusinessFields && (
            <p className="text-[0.8125rem] text-warning-soft-foreground">
              {"Un particulier n’a ni SIRET, ni numéro de TVA, ni contacts\u00a0: ils ne seront pas gardés."}
            </p>
          )}
        </div>

        {business ? (
          <div className="flex flex-col gap-4">
            <FormField label="Raison sociale *" error={errors.company_name?.message}>
              {(props) => <Input autoComplete="organization" required {...props} {...register("company_name")} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="SIRET" error={errors.siret?.message} hint={"14\u00a0chiffres, ou le SIREN (9)"}>
                {(props) => <Input inputMode="numeric" autoComplete="off" {...props} {...register("siret")} />}
              </FormField>
              <FormField label="N° de TVA intracommunautaire" error={errors.vat_number?.message}>
                {(props) => (
                  <div className="flex gap-2">
                    <Input autoComplete="off" placeholder="FR…" {...props} {...register("vat_number")} />
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      className="shrink-0"
                      disabled={!siretReady}
                      aria-label="Calculer le numéro de TVA à partir du SIREN"
                      title="Calculer le numéro de TVA à partir du SIREN"
                      onClick={() =>
                        setValue("vat_number", vatNumberFromSiren(siretDigits.slice(0, 9)), {
                          shouldDirty: true,
                          shouldValidate: true,
                        })
                      }
                    >
                      <Calculator aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </FormField>
            </div>
          </div>
        ) : (
          <div className="grid grid-cols-[6.5rem_1fr] gap-3 sm:grid-cols-[7rem_1fr_1fr] sm:gap-4">
            <FormField label="Civilité" error={errors.civility?.message}>
              {(props) => (
                <NativeSelect {...props} {...register("civility")}>
                  <option value="">—</option>
                  {CIVILITIES.map((civility) => (
                    <option key={civility} value={civility}>
                      {civility}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Prénom" error={errors.first_name?.message}>
              {(props) => <Input autoComplete="given-name" {...props} {...register("first_name")} />}
            </FormField>
            <FormField label="Nom *" error={errors.last_name?.message} className="col-span-2 sm:col-span-1">
              {(props) => <Input autoComplete="family-name" required {...props} {...register("last_name")} />}
            </FormField>
          </div>
        )}
        {shownName && (
          <p className="-mt-2 text-[0.8125rem] text-muted-foreground" aria-live="polite">
            {`Nom affiché\u00a0: ${shownName}`}
          </p>
        )}

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="E-mail" error={errors.email?.message}>
            {(props) => <EmailInput {...props} {...register("email")} />}
          </FormField>
          <FormField label="Téléphone" error={errors.phone?.message}>
            {(props) => <PhoneInput placeholder="06 12 34 56 78" {...props} {...register("phone")} />}
          </FormField>
        </div>

        <FormGroup title="Adresse de facturation">
          <FormField label="Adresse" error={errors.address?.message}>
            {(props) => <Input autoComplete="street-address" {...props} {...register("address")} />}
          </FormField>
          <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <FormField label="Code postal" error={errors.postal_code?.message}>
              {(props) => (
                <Input inputMode="numeric" autoComplete="postal-code" {...props} {...register("postal_code")} />
              )}
            </FormField>
            <FormField label="Ville" error={errors.city?.message}>
              {(props) => <Input autoComplete="address-level2" {...props} {...register("city")} />}
            </FormField>
          </div>
        </FormGroup>

        {business && (
          <FormGroup
            title="Contacts"
            description="Les personnes à joindre chez ce client, avec leur fonction."
            action={
              <Button type="button" variant="outline" size="sm" onClick={() => contacts.append({ ...EMPTY_CONTACT })}>
                <UserPlus aria-hidden="true" />
                Ajouter un contact
              </Button>
            }
          >
            {contacts.fields.length === 0 && <p className="text-sm text-muted-foreground">Aucun contact.</p>}
            {contacts.fields.map((field, index) => {
              const rowErrors = errors.contacts?.[index];
              return (
                <RowCard
                  key={field.key}
                  label={`Contact ${index + 1}`}
                  removeLabel={`Retirer le contact ${index + 1}`}
                  onRemove={() => contacts.remove(index)}
                >
                  <div className="grid gap-3 sm:grid-cols-2">
                    <FormField label="Nom *" error={rowErrors?.name?.message}>
                      {(props) => <Input autoComplete="off" {...props} {...register(`contacts.${index}.name`)} />}
                    </FormField>
                    <FormField label="Fonction" error={rowErrors?.role?.message}>
                      {(props) => (
                        <Input
                          autoComplete="off"
                          placeholder="Gérant, comptable…"
                          {...props}
                          {...register(`contacts.${index}.role`)}
                        />
                      )}
                    </FormField>
                    <FormField label="Téléphone" error={rowErrors?.phone?.message}>
                      {(props) => <PhoneInput {...props} {...register(`contacts.${index}.phone`)} />}
                    </FormField>
                    <FormField label="E-mail" error={rowErrors?.email?.message}>
                      {(props) => <EmailInput {...props} {...register(`contacts.${index}.email`)} />}
                    </FormField>
                  </div>
                </RowCard>
              );
            })}
          </FormGroup>
        )}

        <FormGroup
          title="Adresses de chantier"
          description="Où se font les travaux, quand ce n’est pas l’adresse de facturation."
          action={
            <Button type="button" variant="outline" size="sm" onClick={() => addresses.append({ ...EMPTY_ADDRESS })}>
              <MapPinPlus aria-hidden="true" />
              Ajouter une adresse
            </Button>
          }
        >
          {addresses.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">Aucune adresse de chantier.</p>
          )}
          {addresses.fields.map((field, index) => {
            const rowErrors = errors.addresses?.[index];
            return (
              <RowCard
                key={field.key}
                label={`Adresse de chantier ${index + 1}`}
                removeLabel={`Retirer l’adresse de chantier ${index + 1}`}
                onRemove={() => addresses.remove(index)}
              >
                <div className="flex flex-col gap-3">
                  <FormField label="Libellé" error={rowErrors?.label?.message}>
                    {(props) => (
                      <Input
                        autoComplete="off"
                        placeholder="Maison de campagne, bâtiment B…"
                        {...props}
                        {...register(`addresses.${index}.label`)}
                      />
                    )}
                  </FormField>
                  <FormField label="Adresse *" error={rowErrors?.address?.message}>
                    {(props) => <Input autoComplete="off" {...props} {...register(`addresses.${index}.address`)} />}
                  </FormField>
                  <div className="grid grid-cols-[7.5rem_1fr] gap-3 sm:grid-cols-[10rem_1fr]">
                    <FormField label="Code postal" error={rowErrors?.postal_code?.message}>
                      {(props) => (
                        <Input
                          inputMode="numeric"
                          autoComplete="off"
                          {...props}
                          {...register(`addresses.${index}.postal_code`)}
                        />
                      )}
                    </FormField>
                    <FormField label="Ville" error={rowErrors?.city?.message}>
                      {(props) => <Input autoComplete="off" {...props} {...register(`addresses.${index}.city`)} />}
                    </FormField>
                  </div>
                </div>
              </RowCard>
            );
          })}
        </FormGroup>

        <FormField label="Notes" error={errors.notes?.message}>
          {(props) => (
            <Textarea rows={4} placeholder="Notes ou commentaires sur ce client…" {...props} {...register("notes")} />
          )}
        </FormField>
        {editing && (
          <SwitchRow
            id="client-form-active"
            label="Client actif"
            hint="Un client inactif garde son historique."
            checked={isActive}
            onCheckedChange={(checked) => setValue("is_active", checked, { shouldDirty: true })}
          />
        )}
      </div>

      <ModalFooter isMobile={isMobile}>
        <FormActions
          isMobile={isMobile}
          pending={isSubmitting}
          onCancel={cancel}
          submitLabel={editing ? "Mettre à jour" : "Créer le client"}
        />
      </ModalFooter>
    </form>
  );
}

/**
 * A titled group of the form (billing address, contacts, worksite addresses), its button on the right.
 * Named by its legend, not aria-labelledby: a field's label search (« Adresse ») must find the field.
 */
function FormGroup({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 border-t border-border pt-4">
      {/* The first child: the fieldset's name (a floated legend lays out as a block). */}
      <legend className="float-left w-full text-[0.9375rem] font-semibold">{title}</legend>
      {(description || action) && (
        <div className="-mt-1 flex flex-wrap items-center justify-between gap-2">
          {description && (
            <p className="min-w-0 flex-1 basis-56 text-[0.8125rem] text-muted-foreground">{description}</p>
          )}
          {action}
        </div>
      )}
      {children}
    </fieldset>
  );
}

/** One contact or worksite address of the form, with its « Retirer » button. */
function RowCard({
  label,
  removeLabel,
  onRemove,
  children,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-border bg-muted/30 p-3">
      <legend className="float-left pt-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {label}
      </legend>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="float-right text-destructive hover:bg-destructive-soft hover:text-destructive-soft-foreground"
        onClick={onRemove}
        aria-label={removeLabel}
      >
        <Trash2 aria-hidden="true" />
        Retirer
      </Button>
      <div className="clear-both pt-2">{children}</div>
    </fieldset>
  );
}
