import { cn } from "@web/lib/cn";
import { type KeyboardEvent, type ReactNode, useState } from "react";

/** What a combobox's list needs: a stable id per option. */
interface Option {
  id: string;
}

/**
 * The keyboard of a text field with a list of suggestions under it (ARIA combobox): arrow keys move
 * the highlighted option, Enter chooses it (and never submits the form the field is in), Escape closes
 * the list and not the dialog around it. `open` is the list's state; `options` what it shows now.
 */
export function useCombobox<T extends Option>(options: readonly T[], onPick: (option: T) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const current = options[Math.min(active, options.length - 1)];
  const expanded = open && options.length > 0;
  return {
    open,
    expanded,
    current,
    /** The text changed: the list opens on its first option. */
    onInput: () => {
      setOpen(true);
      setActive(0);
    },
    setOpen,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "ArrowDown") {
        event.preventDefault();
        setOpen(true);
        setActive((i) => Math.min(i + 1, options.length - 1));
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
      } else if (event.key === "Enter" && open) {
        event.preventDefault();
        if (current) onPick(current);
      } else if (event.key === "Escape" && open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    },
  };
}

export interface ComboboxListProps<T extends Option> {
  id: string;
  label: string;
  options: readonly T[];
  current: T | undefined;
  onPick: (option: T) => void;
  children: (option: T) => ReactNode;
  className?: string;
}

/** The list under a combobox's field; an option is chosen on mousedown, before the field's blur closes it. */
export function ComboboxList<T extends Option>({
  id,
  label,
  options,
  current,
  onPick,
  children,
  className,
}: ComboboxListProps<T>) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      className={cn(
        "absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-card p-1 shadow-elevated",
        className,
      )}
    >
      {options.map((option) => (
        <div
          key={option.id}
          id={`${id}-${option.id}`}
          role="option"
          aria-selected={option.id === current?.id}
          tabIndex={-1}
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(option);
          }}
          className={cn(
            "flex min-h-10 cursor-default items-center rounded-sm px-3 py-1.5 pointer-coarse:min-h-11",
            option.id === current?.id && "bg-muted",
          )}
        >
          {children(option)}
        </div>
      ))}
    </div>
  );
}
