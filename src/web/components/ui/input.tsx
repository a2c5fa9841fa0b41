import { cn } from "@web/lib/cn";
import type { ComponentProps } from "react";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-colors sm:h-10 sm:text-sm pointer-coarse:h-11",
        "placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
        "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30",
        className,
      )}
      {...props}
    />
  );
}

/** An e-mail address: the e-mail keyboard, no capital letter or spell check. */
export function EmailInput(props: ComponentProps<"input">) {
  return (
    <Input
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="contact@exemple.fr"
      {...props}
    />
  );
}

/** A phone number: the phone keyboard. */
export function PhoneInput(props: ComponentProps<"input">) {
  return <Input type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

export interface DecimalInputProps extends Omit<ComponentProps<"input">, "type" | "step"> {
  /** Decimals the figure may have: 2 for a price (default), 3 for a quantity, 4 for a coefficient. */
  decimals?: number;
}

/** A figure typed with decimals (price, quantity, rate): the decimal keyboard, 0 or more, right-aligned. */
export function DecimalInput({ decimals = 2, className, ...props }: DecimalInputProps) {
  return (
    <Input
      type="number"
      inputMode="decimal"
      min="0"
      step={(10 ** -decimals).toFixed(decimals)}
      className={cn("text-right tabular-nums", className)}
      {...props}
    />
  );
}
