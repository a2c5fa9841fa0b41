import { ClientPicker } from "@web/components/client-picker/client-picker";
import { FormField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { type Control, Controller, type FieldValues, type Path, type UseFormRegister } from "react-hook-form";

/** What the two fields read of a document's form: its client and its name. */
interface ClientAndName extends FieldValues {
  client_id: string;
  name: string;
}

/** « Client * »: the client picker (active clients, « Nouveau client » inline for who may create one). */
export function DocumentClientField<T extends ClientAndName, O>({
  control,
  error,
  canCreate,
  selectedName,
}: {
  control: Control<T, unknown, O>;
  error: string | undefined;
  canCreate: boolean;
  /** The stored client's name while it is the one chosen (the picker has not fetched it). */
  selectedName?: (id: string) => string | undefined;
}) {
  return (
    <FormField label="Client *" error={error}>
      {(props) => (
        <Controller
          control={control}
          name={"client_id" as Path<T>}
          render={({ field }) => (
            <ClientPicker
              {...props}
              value={field.value || undefined}
              onChange={(id) => field.onChange(id ?? "")}
              selectedName={selectedName?.(field.value)}
              activeOnly
              canCreate={canCreate}
              placeholder="Rechercher ou créer un client…"
            />
          )}
        />
      )}
    </FormField>
  );
}

/** « Nom du devis * », « Nom de la facture * »: focused first when a form opens empty on a wide screen. */
export function DocumentNameField<T extends ClientAndName>({
  label,
  register,
  error,
  autoFocus,
  className,
}: {
  label: string;
  register: UseFormRegister<T>;
  error: string | undefined;
  autoFocus: boolean;
  className?: string;
}) {
  return (
    <FormField label={label} error={error} className={className}>
      {(props) => (
        <Input
          autoComplete="off"
          placeholder="Ex. Rénovation salle de bain"
          required
          data-autofocus={autoFocus ? "" : undefined}
          {...props}
          {...register("name" as Path<T>)}
        />
      )}
    </FormField>
  );
}
