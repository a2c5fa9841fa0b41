import type { FieldControlProps } from "@web/components/ui/form-field";
import { cn } from "@web/lib/cn";
import { X } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";

/** A plausible address (the server checks it again): what marks a chip as wrong before sending. */
export const looksLikeAddress = (value: string) => /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(value);

/** Typed text split into addresses: commas, semicolons, spaces and line breaks separate them. */
export const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);

export interface RecipientsFieldProps extends FieldControlProps {
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
  /** Who the chips are (« Destinataire », « Copie »): the remove buttons' names. */
  who: string;
  placeholder?: string;
}

/**
 * Recipients as chips: an address is added by Enter, a comma, a semicolon, a space or leaving the field
 * (a pasted list too); × or Backspace in the empty field removes one. A chip that is no address is shown
 * wrong; the form's schema refuses it with the server's message.
 */
export function RecipientsField({
  value,
  onChange,
  onBlur,
  who,
  placeholder,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: RecipientsFieldProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);

  const commit = (raw: string) => {
    const added = splitAddresses(raw).filter((address) => !value.includes(address));
    if (added.length > 0) onChange([...value, ...added]);
    setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === "," || event.key === ";" || event.key === " ") {
      // Enter adds the address, never submits the form.
      event.preventDefault();
      commit(text);
    } else if (event.key === "Backspace" && text === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    // A click on the box's empty space puts the caret in its field (the field itself is reachable by Tab).
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: see above.
    <div
      onClick={() => input.current?.focus()}
      className={cn(
        "flex min-h-11 w-full min-w-0 flex-wrap items-center gap-1.5 rounded-md border border-input bg-card px-2 py-1.5 shadow-xs transition-colors",
        "focus-within:border-ring focus-within:outline-2 focus-within:outline-offset-0 focus-within:outline-ring/40",
        invalid && "border-destructive",
      )}
    >
      <ul className="contents">
        {value.map((address) => {
          const wrong = !looksLikeAddress(address);
          return (
            <li
              key={address}
              className={cn(
                "inline-flex max-w-full items-center gap-0.5 rounded-full border py-0.5 pr-0.5 pl-2.5 text-sm",
                wrong
                  ? "border-[#fecaca] bg-destructive-soft text-destructive-soft-foreground"
                  : "border-border bg-muted text-foreground",
              )}
            >
              <span className="truncate">{address}</span>
              {wrong && <span className="sr-only"> (adresse invalide)</span>}
              <button
                type="button"
                onClick={(event) => {
                  event.stopPropagation();
                  onChange(value.filter((a) => a !== address));
                }}
                aria-label={`Retirer ${address} (${who})`}
                className="flex size-7 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground pointer-coarse:size-9"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={text}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        placeholder={value.length === 0 ? placeholder : undefined}
        onChange={(event) => {
          const next = event.target.value;
          // A pasted list (or a typed separator some keyboards send as text) becomes chips at once.
          if (/[,;\s]/.test(next)) commit(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          commit(text);
          onBlur?.();
        }}
        className="h-8 min-w-[8rem] flex-1 bg-transparent px-1 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
      />
    </div>
  );
}
