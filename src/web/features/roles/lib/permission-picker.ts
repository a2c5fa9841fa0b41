import type { PermissionGroup } from "@shared/auth";

/** The category of the platform's own permissions: never offered to a company role (spec 3 §2.10). */
const SUPERADMIN_CATEGORY = "SuperAdmin";

/**
 * The catalogue a company role picks from (spec 3 §2.10, docs/domain/accounts.md#web-users-and-roles):
 * without the « SuperAdmin » category nor any `superadmin:` code, empty categories left out.
 */
export function companyPermissionGroups(groups: readonly PermissionGroup[]): PermissionGroup[] {
  return groups
    .filter((group) => group.category !== SUPERADMIN_CATEGORY)
    .map((group) => ({
      ...group,
      permissions: group.permissions.filter(
        (p) => !p.code.startsWith("superadmin:") && !p.code.startsWith("superadmin."),
      ),
    }))
    .filter((group) => group.permissions.length > 0);
}

/** A category's « Tout sélectionner »: none, some (indeterminate) or all of its permissions chosen. */
export type GroupState = "none" | "some" | "all";

export function groupSelection(
  group: PermissionGroup,
  chosen: ReadonlySet<string>,
): { selected: number; total: number; state: GroupState } {
  const total = group.permissions.length;
  const selected = group.permissions.filter((p) => chosen.has(p.id)).length;
  return { selected, total, state: selected === 0 ? "none" : selected === total ? "all" : "some" };
}

/** Ticking « Tout sélectionner »: every permission of the category when not all are chosen, else none. */
export function toggleGroup(group: PermissionGroup, chosen: ReadonlySet<string>): Set<string> {
  const next = new Set(chosen);
  const all = groupSelection(group, chosen).state === "all";
  for (const p of group.permissions) {
    if (all) next.delete(p.id);
    else next.add(p.id);
  }
  return next;
}

export function togglePermission(id: string, chosen: ReadonlySet<string>, on: boolean): Set<string> {
  const next = new Set(chosen);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The chosen ids the picker shows, in the catalogue's order (what the API receives). */
export function chosenIds(groups: readonly PermissionGroup[], chosen: ReadonlySet<string>): string[] {
  return groups.flatMap((group) => group.permissions.filter((p) => chosen.has(p.id)).map((p) => p.id));
}

/** Whether two sets hold the same ids. */
export function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
