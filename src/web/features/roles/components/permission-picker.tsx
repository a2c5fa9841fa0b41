import type { PermissionGroup } from "@shared/auth";
import { cn } from "@web/lib/cn";
import { useEffect, useId, useRef } from "react";
import { type GroupState, groupSelection, toggleGroup, togglePermission } from "../lib/permission-picker";

export interface PermissionPickerProps {
  /** The catalogue without the SuperAdmin permissions (`companyPermissionGroups`). */
  groups: readonly PermissionGroup[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  disabled?: boolean;
}

/** A checkbox that shows « some » as the platform's indeterminate state (and says « mixed »). */
function TriStateCheckbox({
  id,
  state,
  onToggle,
  label,
  disabled,
}: {
  id: string;
  state: GroupState;
  onToggle: () => void;
  label: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      aria-label={label}
      aria-checked={state === "some" ? "mixed" : state === "all"}
      checked={state === "all"}
      disabled={disabled}
      onChange={onToggle}
      className="size-[1.125rem] shrink-0 cursor-pointer accent-primary"
    />
  );
}

/**
 * The permissions of a role, grouped by category (spec 3 §2.10, §2.11): each category with a tri-state
 * « Tout sélectionner » and its « choisies / total » count, then its permissions by their French name (the code as a tooltip only).
 */
export function PermissionPicker({ groups, chosen, onChange, disabled = false }: PermissionPickerProps) {
  const baseId = useId();
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {groups.map((group, index) => {
        const { selected, total, state } = groupSelection(group, chosen);
        const headingId = `${baseId}-${index}`;
        return (
          <section
            key={group.category}
            aria-labelledby={headingId}
            className="flex flex-col rounded-lg border border-border bg-card shadow-card"
          >
            <div className="flex items-center gap-3 border-b border-border px-4 py-2.5">
              <h3 id={headingId} className="min-w-0 flex-1 text-sm font-semibold">
                {group.category}
              </h3>
              <label
                htmlFor={`${headingId}-all`}
                className="flex cursor-pointer items-center gap-2 text-[0.8125rem] text-muted-foreground pointer-coarse:min-h-11"
              >
                <TriStateCheckbox
                  id={`${headingId}-all`}
                  state={state}
                  disabled={disabled}
                  label={`Tout sélectionner\u00a0: ${group.category}`}
                  onToggle={() => onChange(toggleGroup(group, chosen))}
                />
                <span aria-hidden="true">Tout sélectionner</span>
              </label>
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
                  selected > 0 ? "bg-primary-soft text-primary-soft-foreground" : "bg-muted text-muted-foreground",
                )}
                title={`${selected} sur ${total}`}
              >
                {selected}/{total}
              </span>
            </div>
            <ul className="flex flex-col py-1">
              {group.permissions.map((permission) => (
                <li key={permission.id}>
                  {/* The French label only; the code (« quotes:view ») is a tooltip for whoever asks (issue 32). */}
                  <label
                    title={permission.code}
                    className="flex cursor-pointer items-start gap-3 px-4 py-2 hover:bg-muted/60 pointer-coarse:py-3"
                  >
                    <input
                      type="checkbox"
                      checked={chosen.has(permission.id)}
                      disabled={disabled}
                      onChange={(event) => onChange(togglePermission(permission.id, chosen, event.target.checked))}
                      className="mt-0.5 size-[1.125rem] shrink-0 cursor-pointer accent-primary"
                    />
                    <span className="min-w-0 text-sm">{permission.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
