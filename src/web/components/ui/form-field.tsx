import { cn } from "@web/lib/cn";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Label } from "./label";

export type FieldControlProps = Pick<ComponentProps<"input">, "id" | "aria-invalid" | "aria-describedby">;

export interface FormFieldProps {
  label: string;
  /** The field's error message (from react-hook-form or the server). */
  error?: string | undefined;
  /** A help text under the input (announced with it). */
  hint?: ReactNode;
  className?: string;
  children: (props: FieldControlProps) => ReactNode;
}

/** Label, control, hint and the error under it (aria-invalid + aria-describedby). */
export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={cn("flex min-w-0 flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error && (
        <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

export interface FormSectionProps {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** A titled group of fields inside a settings card. */
export function FormSection({ title, description, children, className }: FormSectionProps) {
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className={cn("flex min-w-0 flex-col gap-4", className)}>
      <div className="flex flex-col gap-0.5">
        <h3 id={id} className="text-[0.9375rem] font-semibold">
          {title}
        </h3>
        {description && <p className="text-[0.8125rem] text-muted-foreground">{description}</p>}
      </div>
      {children}
    </fieldset>
  );
}
