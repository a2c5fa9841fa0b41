import { zodResolver } from "@hookform/resolvers/zod";
import { CLIENT_TEXTS } from "@shared/client-rules";
import { type Client, type ClientFormValues, clientFormSchema } from "@shared/clients";
import { useDirtyGuard } from "@web/components/form/dirty-guard";
import { FormActions } from "@web/components/form/form-actions";
import { DialogDescription, DialogTitle } from "@web/components/ui/dialog";
import { FormField } from "@web/components/ui/form-field";
import { EmailInput, Input, PhoneInput } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { ResponsiveModal } from "@web/components/ui/responsive-modal";
import { Switch } from "@web/components/ui/switch";
import { Textarea } from "@web/components/ui/textarea";
import { toastFailure } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { useId } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { useCreateClient } from "../api/create-client";
import { useUpdateClient } from "../api/update-client";
import { fieldErrorsFrom, toClientPayload } from "../lib/client-payload";

/** What the inputs hold (text, '' when empty); the shared schema turns it into ClientFormValues. */
export interface ClientFormFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  postal_code: string;
  city: string;
  notes: string;
  is_active: boolean;
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

export function formDefaults(client?: Client | null): ClientFormFields {
  return {
    name: client?.name ?? "",
    email: client?.email ?? "",
    phone: client?.phone ?? "",
    address: client?.address ?? "",
    postal_code: client?.postal_code ?? "",
    city: client?.city ?? "",
    notes: client?.notes ?? "",
    is_active: client?.is_active ?? true,
  };
}

export interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isMobile: boolean;
  /** The client being edited; creation when absent. */
  client?: Client | null;
  /** The signed-in user belongs to a company (needed to create a client, docs/domain/clients.md#form). */
  hasCompany?: boolean;
  onSaved?: (client: Client) => void;
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
      dialogClassName="max-w-xl gap-0 p-0"
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
  client: Client | null;
  isMobile: boolean;
  hasCompany: boolean;
  descriptionId: string;
  onCancel: () => void;
  onSaved: (client: Client) => void;
}

function ClientForm({ client, isMobile, hasCompany, descriptionId, onCancel, onSaved }: ClientFormProps) {
  const editing = client !== null;
  const createMutation = useCreateClient();
  const updateMutation = useUpdateClient();
  const {
    register,
    handleSubmit,
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
  const { cancel } = useDirtyGuard(isDirty, onCancel);
  const isActive = watch("is_active");

  const submit = handleSubmit(async (values) => {
    if (!editing && !hasCompany) {
      toast.error(CLIENT_TEXTS.createFailed, { description: CLIENT_TEXTS.companyRequired });
      return;
    }
    try {
      const saved = editing
        ? await updateMutation.mutateAsync({ id: client.id, body: toClientPayload(values, "edit") })
        : await createMutation.mutateAsync(toClientPayload(values, "create"));
      toast.success(editing ? CLIENT_TEXTS.updated : CLIENT_TEXTS.created);
      onSaved(saved);
    } catch (error) {
      const fieldErrors = fieldErrorsFrom(error);
      fieldErrors.forEach(({ field, message }, index) => {
        setError(field, { type: "server", message }, { shouldFocus: index === 0 });
      });
      toastFailure(editing ? CLIENT_TEXTS.updateFailed : CLIENT_TEXTS.createFailed, error);
    }
  });

  const actions = (
    <FormActions
      isMobile={isMobile}
      pending={isSubmitting}
      onCancel={cancel}
      submitLabel={editing ? "Mettre à jour" : "Créer le client"}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-1 flex-col" aria-busy={isSubmitting}>
      <div
        className={cn(
          "flex flex-col gap-1.5 border-b border-border",
          isMobile ? "px-5 pt-3 pb-4 pr-14" : "px-6 py-5 pr-14",
        )}
      >
        <DialogTitle>{editing ? "Modifier le client" : "Nouveau client"}</DialogTitle>
        <DialogDescription id={descriptionId}>
          Les champs marqués d'un * sont obligatoires. Indiquez au moins un téléphone ou un email.
        </DialogDescription>
      </div>

      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <FormField label="Nom *" error={errors.name?.message}>
          {(props) => <Input autoComplete="organization" required {...props} {...register("name")} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="E-mail" error={errors.email?.message}>
            {(props) => <EmailInput {...props} {...register("email")} />}
          </FormField>
          <FormField label="Téléphone" error={errors.phone?.message}>
            {(props) => <PhoneInput placeholder="06 12 34 56 78" {...props} {...register("phone")} />}
          </FormField>
        </div>
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
        <FormField label="Notes" error={errors.notes?.message}>
          {(props) => (
            <Textarea rows={4} placeholder="Notes ou commentaires sur ce client…" {...props} {...register("notes")} />
          )}
        </FormField>
        {editing && (
          <div className="flex items-center justify-between gap-4 rounded-md border border-border bg-muted/50 px-4 py-3">
            <div className="flex flex-col gap-1">
              <Label htmlFor="client-form-active">Client actif</Label>
              <p id="client-form-active-hint" className="text-[0.8125rem] text-muted-foreground">
                Un client inactif garde son historique.
              </p>
            </div>
            <Switch
              id="client-form-active"
              aria-describedby="client-form-active-hint"
              checked={isActive}
              onCheckedChange={(checked) => setValue("is_active", checked, { shouldDirty: true })}
            />
          </div>
        )}
      </div>

      <div
        className={cn(
          "flex gap-2 border-t border-border bg-card",
          isMobile
            ? "sticky bottom-0 px-5 pt-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
            : "justify-end px-6 py-4",
        )}
      >
        {actions}
      </div>
    </form>
  );
}
