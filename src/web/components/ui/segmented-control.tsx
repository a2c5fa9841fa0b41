import { cn } from "@web/lib/cn";
import type { LucideIcon } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";

export interface SegmentedControlProps<T extends string> {
  /** The selected option; "" when none of them is (a filter set elsewhere). */
  value: T | "";
  /** An icon, when given, is shown before the label (« Cartes », « Tableau »); the label stays. */
  options: readonly { value: T; label: string; icon?: LucideIcon }[];
  onChange: (value: T) => void;
  /** Accessible name of the group. */
  label: string;
  className?: string;
}

/** Keys that move the focus among the options, as in a toolbar: by one, or to either end. */
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * One choice among a few, side by side (quick filters): a radio group of buttons. One Tab reaches the
 * group (the chosen option, or the first); the arrow keys, Home and End move among the options, Enter or
 * Space chooses. Options are 44 px high on touch screens. Narrower than its options (five filters on a
 * 360 px phone), it scrolls sideways within itself: the page never grows wider than the screen.
 * Plain buttons, no Radix: every list page shows one on its first paint (ADR 0005 §10 (j)).
 */
export function SegmentedControl<T extends string>({
  value,
  options,
  onChange,
  label,
  className,
}: SegmentedControlProps<T>) {
  const group = useRef<HTMLDivElement>(null);
  const tabStop = options.some((option) => option.value === value) ? value : options[0]?.value;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const buttons = group.current?.querySelectorAll<HTMLButtonElement>("button[role='radio']");
    const next = buttons?.[step(index, options.length)];
    next?.focus();
    next?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  };

  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={label}
      className={cn(
        "inline-flex h-10 max-w-full shrink-0 items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 [scrollbar-width:none] pointer-coarse:h-12 pointer-coarse:p-0.5",
        className,
      )}
    >
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control is buttons styled as one bar; role="radio" with aria-checked is the ARIA radio pattern, as Radix's toggle group wrote it.
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            data-state={checked ? "on" : "off"}
            tabIndex={option.value === tabStop ? 0 : -1}
            onClick={() => {
              if (!checked) onChange(option.value);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              "inline-flex h-full flex-1 items-center justify-center rounded-md px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors pointer-coarse:px-2.5",
              "hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              "data-[state=on]:bg-card data-[state=on]:text-foreground data-[state=on]:shadow-card",
            )}
          >
            {option.icon && <option.icon aria-hidden="true" className="mr-1.5 size-4 shrink-0" />}
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
