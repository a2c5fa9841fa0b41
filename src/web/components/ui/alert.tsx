import { cn } from "@web/lib/cn";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";

const alertVariants = cva(
  "relative flex w-full items-start gap-3 rounded-md border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-foreground",
        info: "border-[#c7cbfb] bg-primary-soft text-primary-soft-foreground",
        destructive: "border-[#fecaca] bg-destructive-soft text-destructive-soft-foreground",
        warning: "border-[#fde68a] bg-warning-soft text-warning-soft-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface AlertProps extends ComponentProps<"div">, VariantProps<typeof alertVariants> {}

/** An inline message. Pass role="alert" for errors that must be announced at once. */
export function Alert({ className, variant, ...props }: AlertProps) {
  return <div className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("font-medium leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("leading-relaxed", className)} {...props} />;
}
