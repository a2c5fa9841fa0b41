import { cn } from "@web/lib/cn";
import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";

export interface NativeSelectProps extends ComponentProps<"select"> {
  /** Classes of the wrapper (width, grid placement); `className` styles the select itself. */
  wrapperClassName?: string;
}

/**
 * A styled native <select>: the platform picker on phones, keyboard and screen-reader support for
 * free, the same look as Input (shadcn/ui « native-select »).
 */
export function NativeSelect({ className, wrapperClassName, children, ...props }: NativeSelectProps) {
  return (
    <div className={cn("relative min-w-0", wrapperClassName)}>
      <select
        className={cn(
          "flex h-11 w-full min-w-0 appearance-none rounded-md border border-input bg-card pr-9 pl-3 text-base text-foreground shadow-xs transition-colors sm:h-10 sm:text-sm pointer-coarse:h-11",
          "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40",
          "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
