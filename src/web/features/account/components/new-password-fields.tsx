import { PASSWORD_MIN_LENGTH } from "@shared/account-rules";
import { FormField } from "@web/components/ui/form-field";
import { PasswordInput } from "@web/components/ui/password-input";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { PasswordOwner } from "../lib/password-rules";
import { PasswordStrength } from "./password-strength";

export interface NewPasswordFieldsProps {
  /** « Nouveau mot de passe » or « Mot de passe ». */
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  /** The password as typed (the meter follows it). */
  value: string;
  owner: PasswordOwner;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}

/** A new password, its meter and the policy's refusals, then its confirmation. */
export function NewPasswordFields({ label, password, confirmation, value, owner, errors }: NewPasswordFieldsProps) {
  const meterId = useId();
  return (
    <>
      <FormField
        label={label}
        error={errors.password}
        hint={
          value === ""
            ? `Au moins ${PASSWORD_MIN_LENGTH} caractères, en mêlant lettres, chiffres et symboles.`
            : undefined
        }
      >
        {(props) => (
          <div className="flex flex-col gap-2.5">
            <PasswordInput
              autoComplete="new-password"
              {...props}
              aria-describedby={[props["aria-describedby"], meterId].filter(Boolean).join(" ")}
              {...password}
            />
            <PasswordStrength id={meterId} password={value} owner={owner} />
          </div>
        )}
      </FormField>
      <FormField label="Confirmation du mot de passe" error={errors.confirmation}>
        {(props) => <PasswordInput autoComplete="new-password" {...props} {...confirmation} />}
      </FormField>
    </>
  );
}
