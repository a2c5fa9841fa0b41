import { CLIENT_LIMITS } from "@shared/client-rules";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import type { FieldControlProps } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { api } from "@web/lib/api-client";
import { errorDescription } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { Loader2, Plus, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { CLIENT_PICKER_LIMIT, type ClientOption, clientOptionOptions, clientSearchOptions } from "./client-options";

export const CLIENT_PICKER_TEXTS = {
  placeholder: "Rechercher un client…",
  searching: "Recherche…",
  noMatch: "Aucun client trouvé",
  loadFailed: "Impossible de charger les clients.",
  retry: "Réessayer",
  clear: "Effacer le client",
  inactive: "(inactif)",
  create: "Nouveau client",
  createTitle: "Nouveau client",
  createName: "Nom",
  createEmail: "Adresse e-mail",
  createPhone: "Téléphone",
  createSubmit: "Créer le client",
  createCancel: "Annuler",
  /** The contact rule of a client (docs/domain/clients.md#form): one of the two is needed. */
  createContactHint: "Une adresse e-mail ou un téléphone.",
  moreHint: (limit: number) => `Les ${limit} premiers\u00a0: précisez la recherche pour en voir d’autres.`,
} as const;

export interface ClientPickerProps {
  /** The chosen client's id (undefined: none). */
  value: string | undefined;
  onChange: (id: string | undefined, client: ClientOption | undefined) => void;
  /** Wired by FormField: the label points at the input, the error describes it. */
  id?: string | undefined;
  "aria-invalid"?: FieldControlProps["aria-invalid"];
  "aria-describedby"?: string | undefined;
  /** Shown for `value` until its own answer comes (e.g. the quote's client name). */
  selectedName?: string | undefined;
  placeholder?: string;
  /** A button to clear the choice (filters). */
  allowClear?: boolean;
  /** Only active clients are offered (a new document); a filter lists them all. */
  activeOnly?: boolean;
  disabled?: boolean;
  /** « Nouveau client » in the list (clients:create). */
  canCreate?: boolean;
  className?: string;
}

/**
 * One searchable client picker (WAI-ARIA combobox with a list box): type to search the whole client
 * book on the server, ↑ ↓ Home End to move, Enter to choose, Escape to close; « Nouveau client »
 * creates one inline. Used by the quote form and the quotes filter; worksites and invoices reuse it.
 */
export function ClientPicker({
  value,
  onChange,
  id,
  selectedName,
  placeholder = CLIENT_PICKER_TEXTS.placeholder,
  allowClear = false,
  activeOnly = false,
  disabled = false,
  canCreate = false,
  className,
  ...aria
}: ClientPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const search = useDebouncedValue(term, CLIENT_LIMITS.searchDebounceMs).trim();

  const results = useQuery({ ...clientSearchOptions(search, activeOnly), enabled: open && !disabled });
  // The client chosen here is known at once; one chosen before (a quote's, a filter's) is asked by id.
  const [picked, setPicked] = useState<ClientOption | undefined>(undefined);
  const known = selectedName ?? (picked && picked.id === value ? picked.name : undefined);
  const chosen = useQuery({ ...clientOptionOptions(value ?? ""), enabled: Boolean(value) && !known });
  const chosenName = value ? (known ?? chosen.data?.name) : undefined;
  const options = results.data ?? [];
  // While the typed text has not been searched yet, the list still shows the previous answer: Enter
  // then chooses nothing (it would pick a client the user did not search for).
  const settled = term.trim() === search && !results.isPlaceholderData;
  const createIndex = canCreate ? options.length : -1;
  const count = options.length + (canCreate ? 1 : 0);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", close);
    return () => document.removeEventListener("pointerdown", close);
  }, [open]);

  const choose = (client: ClientOption | undefined) => {
    setPicked(client);
    onChange(client?.id, client);
    setOpen(false);
    setTerm("");
    setCreating(false);
  };
  const startCreate = () => {
    setCreating(true);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (count === 0) return;
      setActive((i) => (event.key === "ArrowDown" ? (i + 1) % count : (i - 1 + count) % count));
    } else if ((event.key === "Home" || event.key === "End") && open && count > 0) {
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : count - 1);
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      if (!settled) return;
      if (active === createIndex) startCreate();
      else if (options[active]) choose(options[active]);
    } else if (event.key === "Escape" && open) {
      setOpen(false);
      setTerm("");
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const shown = open ? term : (chosenName ?? "");

  return (
    <div ref={rootRef} className={cn("relative flex min-w-0 flex-col gap-2", className)}>
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && count > 0 ? optionId(Math.min(active, count - 1)) : undefined}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={aria["aria-describedby"]}
          autoComplete="off"
          disabled={disabled}
          placeholder={chosenName ?? placeholder}
          value={shown}
          className={cn(allowClear && value && "pr-11")}
          onFocus={() => {
            if (!open) setTerm("");
          }}
          onClick={() => setOpen(true)}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
        {allowClear && value && !disabled && (
          <button
            type="button"
            aria-label={CLIENT_PICKER_TEXTS.clear}
            className="absolute top-1/2 right-1 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground pointer-coarse:size-11"
            onClick={() => {
              choose(undefined);
              inputRef.current?.focus();
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Clients"
          className="absolute top-full right-0 left-0 z-50 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-card py-1 shadow-elevated"
        >
          {results.isError ? (
            <div className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="text-destructive">{CLIENT_PICKER_TEXTS.loadFailed}</span>
              <Button type="button" size="sm" variant="outline" onClick={() => void results.refetch()}>
                {CLIENT_PICKER_TEXTS.retry}
              </Button>
            </div>
          ) : results.isPending ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {CLIENT_PICKER_TEXTS.searching}
            </p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">{CLIENT_PICKER_TEXTS.noMatch}</p>
          ) : null}
          {options.map((client, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard (aria-activedescendant).
            <div
              key={client.id}
              id={optionId(index)}
              role="option"
              aria-label={`${client.name}${client.is_active ? "" : ` ${CLIENT_PICKER_TEXTS.inactive}`}${client.city ? `, ${client.city}` : ""}`}
              aria-selected={index === active}
              tabIndex={-1}
              className={cn(
                "flex min-h-10 cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm pointer-coarse:min-h-11",
                index === active && "bg-muted",
                client.id === value && "font-semibold",
              )}
              onPointerDown={(event) => event.preventDefault()}
              onPointerMove={() => setActive(index)}
              onClick={() => choose(client)}
            >
              <span className="min-w-0 truncate">
                {client.name}
                {!client.is_active && <span className="text-muted-foreground"> {CLIENT_PICKER_TEXTS.inactive}</span>}
              </span>
              {client.city && <span className="shrink-0 text-xs text-muted-foreground">{client.city}</span>}
            </div>
          ))}
          {options.length === CLIENT_PICKER_LIMIT && (
            <p className="px-3 py-1.5 text-xs text-muted-foreground">{CLIENT_PICKER_TEXTS.moreHint(options.length)}</p>
          )}
          {canCreate && (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard (aria-activedescendant).
            <div
              id={optionId(createIndex)}
              role="option"
              aria-selected={active === createIndex}
              tabIndex={-1}
              className={cn(
                "flex min-h-10 cursor-pointer items-center gap-2 border-t border-border px-3 py-2 text-sm font-medium text-primary pointer-coarse:min-h-11",
                active === createIndex && "bg-muted",
              )}
              onPointerDown={(event) => event.preventDefault()}
              onPointerMove={() => setActive(createIndex)}
              onClick={startCreate}
            >
              <Plus aria-hidden="true" className="size-4" />
              {CLIENT_PICKER_TEXTS.create}
            </div>
          )}
          {results.isFetching && !results.isPending && <span className="sr-only">{CLIENT_PICKER_TEXTS.searching}</span>}
        </div>
      )}
      {creating && (
        <NewClientForm
          initialName={term.trim()}
          onCancel={() => {
            setCreating(false);
            inputRef.current?.focus();
          }}
          onCreated={(client) => {
            choose(client);
            inputRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/** « Nouveau client » inline: the name and one way to reach him (the client rule), then chosen at once. */
function NewClientForm({
  initialName,
  onCancel,
  onCreated,
}: {
  initialName: string;
  onCancel: () => void;
  onCreated: (client: ClientOption) => void;
}) {
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const create = useMutation({
    mutationFn: () =>
      api.post<ClientOption>("/clients", { name, email: email.trim() || null, phone: phone.trim() || null }),
    // Every client list and picker (the clients feature's keys start with « clients »).
    meta: { invalidates: [["clients"]] },
    onSuccess: onCreated,
  });
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);
  const problem = create.isError ? (errorDescription(create.error) ?? CLIENT_PICKER_TEXTS.loadFailed) : null;

  // Not a <form>: the picker lives inside the quote form, and forms do not nest.
  return (
    <fieldset
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-3 rounded-md border border-border bg-muted/40 p-3"
      onKeyDown={(event) => {
        if (event.key === "Enter" && (event.target as HTMLElement).tagName === "INPUT") {
          event.preventDefault();
          create.mutate();
        }
      }}
    >
      <p id={`${formId}-title`} className="text-sm font-semibold">
        {CLIENT_PICKER_TEXTS.createTitle}
      </p>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${formId}-name`}>
        {CLIENT_PICKER_TEXTS.createName}
        <Input ref={nameRef} id={`${formId}-name`} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${formId}-email`}>
          {CLIENT_PICKER_TEXTS.createEmail}
          <Input
            id={`${formId}-email`}
            type="email"
            inputMode="email"
            autoCapitalize="none"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${formId}-phone`}>
          {CLIENT_PICKER_TEXTS.createPhone}
          <Input
            id={`${formId}-phone`}
            type="tel"
            inputMode="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        </label>
      </div>
      <p className="text-xs text-muted-foreground">{CLIENT_PICKER_TEXTS.createContactHint}</p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {CLIENT_PICKER_TEXTS.createCancel}
        </Button>
        <Button type="button" disabled={create.isPending} onClick={() => create.mutate()}>
          {CLIENT_PICKER_TEXTS.createSubmit}
        </Button>
      </div>
    </fieldset>
  );
}
