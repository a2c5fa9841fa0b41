import * as ToggleGroup from "@radix-ui/react-toggle-group";
import { cn } from "@web/lib/cn";

export interface SegmentedControlProps<T extends string> {
  /** The selected option; "" when none of them is (a filter set elsewhere). */
  value: T | "";
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** Accessible name of the group. */
  label: string;
  className?: string;
}

/**
 * One choice among a few, side by side (quick filters); arrow keys move between them. Options are 44 px
 * high on touch screens. Narrower than its options (five filters on a 360 px phone), it scrolls
 * sideways within itself: the page never grows wider than the screen.
 */
export function SegmentedControl<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
}: SegmentedControlProps<T>) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next) onChange(next as T);
      }}
      aria-label={label}
      className={cn(
        "inline-flex h-10 max-w-full shrink-0 items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 [scrollbar-width:none] pointer-coarse:h-12 pointer-coarse:p-0.5",
        className,
      )}
    >
      {options.map((option) => (
        <ToggleGroup.Item
          key={option.value}
          value={option.value}
          className={cn(
            "inline-flex h-full flex-1 items-center justify-center rounded-md px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors pointer-coarse:px-2.5",
            "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
            "data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-card",
          )}
        >
          {option.label}
        </ToggleGroup.Item>
      ))}
    </ToggleGroup.Root>
  );
}
