import * as SwitchPrimitive from "@radix-ui/react-switch";
import { cn } from "@web/lib/cn";
import type { ComponentProps, ReactNode } from "react";
import { Label } from "./label";

/** An on/off toggle (role « switch »); give it a label with <Label htmlFor>. */
export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        "peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60",
        "data-[state=checked]:bg-primary data-[state=unchecked]:bg-[#8e97ab]",
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}

export interface SwitchRowProps extends Omit<ComponentProps<typeof SwitchPrimitive.Root>, "id" | "children"> {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/**
 * A labelled switch in its row (a setting, « Client actif »): the whole row is its touch target — the
 * switch's track is 24 px high, a finger needs 44 (an absolute ::after over the row, as a card's link).
 */
export function SwitchRow({ id, label, hint, error, className, ...props }: SwitchRowProps) {
  return (
    <div className="relative flex items-center justify-between gap-4 rounded-md border border-border bg-muted/50 px-4 py-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
            {hint}
          </p>
        )}
        {error && <p className="text-[0.8125rem] font-medium text-destructive">{error}</p>}
      </div>
      <Switch
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn("after:absolute after:inset-0 after:rounded-md after:content-['']", className)}
        {...props}
      />
    </div>
  );
}
