import { TEAM_LIMITS } from "@shared/team-rules";
import type { TeamCandidate } from "@shared/teams";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ComboboxList, useCombobox } from "@web/components/ui/combobox";
import { Input } from "@web/components/ui/input";
import { useDebouncedValue } from "@web/hooks/use-debounced-value";
import { UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { teamCandidatesQueryOptions } from "../api/get-teams";
import { MemberAvatar } from "./member-initials";

export interface MemberPickerProps {
  /** Members already chosen: not proposed again. */
  exclude: ReadonlySet<string>;
  onPick: (user: TeamCandidate) => void;
}

/**
 * « Ajouter un membre »: a combobox over the company's active users (GET /api/teams/candidates), asked
 * as the user types. Enter adds the highlighted person and never submits the team's form.
 */
export function MemberPicker({ exclude, onPick }: MemberPickerProps) {
  const listId = useId();
  const [term, setTerm] = useState("");
  const search = useDebouncedValue(term, TEAM_LIMITS.searchDebounceMs).trim();
  const [asked, setAsked] = useState(false);
  const query = useQuery({ ...teamCandidatesQueryOptions(search, asked), placeholderData: keepPreviousData });
  // Until the answer for what is typed now arrives, the list of an earlier term is not offered.
  const upToDate = term.trim() === search && !query.isPlaceholderData;
  const options = upToDate ? (query.data?.data ?? []).filter((user) => !exclude.has(user.id)) : [];
  const combobox = useCombobox(options, (user) => pick(user));
  // Chosen: the list closes (it would cover the members); typing opens it again.
  const pick = (user: TeamCandidate) => {
    onPick(user);
    setTerm("");
    combobox.setOpen(false);
  };
  const waiting = query.isPending || !upToDate;

  return (
    <div className="relative">
      <UserPlus
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        role="combobox"
        aria-label="Ajouter un membre"
        aria-expanded={combobox.expanded}
        aria-controls={combobox.open ? listId : undefined}
        aria-activedescendant={combobox.expanded && combobox.current ? `${listId}-${combobox.current.id}` : undefined}
        aria-autocomplete="list"
        autoComplete="off"
        placeholder="Ajouter un membre (nom ou e-mail)…"
        className="pl-9"
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          combobox.onInput();
        }}
        onFocus={() => {
          setAsked(true);
          combobox.setOpen(true);
        }}
        onBlur={() => combobox.setOpen(false)}
        onKeyDown={(event) => {
          // Enter in this search adds a member; it never submits the team's form.
          if (event.key === "Enter") event.preventDefault();
          combobox.onKeyDown(event);
        }}
      />
      {combobox.open &&
        (combobox.expanded ? (
          <ComboboxList id={listId} label="Utilisateurs" options={options} current={combobox.current} onPick={pick}>
            {(user) => (
              <span className="flex min-w-0 items-center gap-2.5">
                <MemberAvatar name={user.full_name} className="size-7 border-0" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{user.full_name}</span>
                  <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                </span>
              </span>
            )}
          </ComboboxList>
        ) : (
          <p
            id={listId}
            className="absolute inset-x-0 top-full z-30 mt-1 rounded-md border border-border bg-card px-3 py-2 text-sm text-muted-foreground shadow-elevated"
          >
            {waiting
              ? "Recherche…"
              : search
                ? `Aucun utilisateur ne correspond à «\u00a0${search}\u00a0»`
                : "Tous les utilisateurs actifs font déjà partie de l’équipe"}
          </p>
        ))}
    </div>
  );
}
