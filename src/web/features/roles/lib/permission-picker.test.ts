import type { PermissionGroup } from "@shared/auth";
import { describe, expect, it } from "vitest";
import { chosenIds, companyPermissionGroups, groupSelection, sameIds, toggleGroup } from "./permission-picker";

const perm = (code: string, category: string) => ({ id: `id-${code}`, code, name: code, description: "", category });
const groups: PermissionGroup[] = [
  { category: "Clients", permissions: [perm("clients:view", "Clients"), perm("clients:edit", "Clients")] },
  { category: "SuperAdmin", permissions: [perm("superadmin:access", "SuperAdmin")] },
  { category: "Autre", permissions: [perm("superadmin:companies", "Autre"), perm("quotes:view", "Autre")] },
  { category: "Vide", permissions: [perm("superadmin.other", "Vide")] },
];

describe("the permission picker", () => {
  it("hides the SuperAdmin category and every superadmin code, and empty categories", () => {
    const shown = companyPermissionGroups(groups);
    expect(shown.map((g) => g.category)).toEqual(["Clients", "Autre"]);
    expect(shown.flatMap((g) => g.permissions.map((p) => p.code))).toEqual([
      "clients:view",
      "clients:edit",
      "quotes:view",
    ]);
  });

  it("computes the tri-state of « Tout sélectionner » and its count", () => {
    const clients = groups[0] as PermissionGroup;
    expect(groupSelection(clients, new Set())).toEqual({ selected: 0, total: 2, state: "none" });
    expect(groupSelection(clients, new Set(["id-clients:view"]))).toEqual({ selected: 1, total: 2, state: "some" });
    expect(groupSelection(clients, new Set(["id-clients:view", "id-clients:edit"])).state).toBe("all");
  });

  it("selects the whole category from none or some, and clears it from all", () => {
    const clients = groups[0] as PermissionGroup;
    const some = new Set(["id-clients:view", "id-quotes:view"]);
    const all = toggleGroup(clients, some);
    expect([...all].sort()).toEqual(["id-clients:edit", "id-clients:view", "id-quotes:view"]);
    expect([...toggleGroup(clients, all)]).toEqual(["id-quotes:view"]);
  });

  it("sends the chosen ids the picker shows, in the catalogue's order", () => {
    const shown = companyPermissionGroups(groups);
    expect(chosenIds(shown, new Set(["id-quotes:view", "id-superadmin:access", "id-clients:edit"]))).toEqual([
      "id-clients:edit",
      "id-quotes:view",
    ]);
    expect(sameIds(new Set(["a", "b"]), new Set(["b", "a"]))).toBe(true);
    expect(sameIds(new Set(["a"]), new Set(["a", "b"]))).toBe(false);
  });
});
