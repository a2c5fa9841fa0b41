import { describe, expect, it } from "vitest";
import {
  cleanEquipmentItems,
  copyName,
  EQUIPMENT_LIMITS,
  equipmentCountLabel,
  equipmentPreview,
  repeatedItemRows,
} from "./equipment-template-rules";
import { equipmentTemplateInputSchema } from "./equipment-templates";

describe("cleanEquipmentItems", () => {
  it("trims each item, drops the blank ones and keeps the order", () => {
    expect(cleanEquipmentItems(["  Perceuse ", "", " \t ", "Seau", "Cales\n"])).toEqual(["Perceuse", "Seau", "Cales"]);
    expect(cleanEquipmentItems([])).toEqual([]);
  });

  it("merges an item that repeats an earlier one, whatever its case and spaces, keeping the first spelling", () => {
    expect(cleanEquipmentItems(["Niveau laser", "Seau", "niveau  LASER", " Seau "])).toEqual(["Niveau laser", "Seau"]);
    // Accents make different words.
    expect(cleanEquipmentItems(["Bâche", "Bache"])).toEqual(["Bâche", "Bache"]);
  });
});

describe("repeatedItemRows", () => {
  it("names the rows that repeat an earlier non-blank row", () => {
    expect(repeatedItemRows(["Seau", "", "", "seau", "Cales", "SEAU "])).toEqual([3, 5]);
    expect(repeatedItemRows(["", " "])).toEqual([]);
  });
});

describe("equipmentPreview", () => {
  it("shows the first three items and « +N autres équipements » for the rest, with its plural", () => {
    expect(equipmentPreview(["a", "b"])).toEqual({ shown: ["a", "b"], more: null });
    expect(equipmentPreview(["a", "b", "c"])).toEqual({ shown: ["a", "b", "c"], more: null });
    expect(equipmentPreview(["a", "b", "c", "d"])).toEqual({
      shown: ["a", "b", "c"],
      more: "+1\u00a0autre équipement",
    });
    expect(equipmentPreview(["a", "b", "c", "d", "e"]).more).toBe("+2\u00a0autres équipements");
    expect(equipmentPreview([])).toEqual({ shown: [], more: null });
  });

  it("counts the equipment of a card's badge with its plural", () => {
    expect(equipmentCountLabel(0)).toBe("0\u00a0équipement");
    expect(equipmentCountLabel(1)).toBe("1\u00a0équipement");
    expect(equipmentCountLabel(12)).toBe("12\u00a0équipements");
  });
});

describe("copyName", () => {
  it("suffixes « (copie) » within the name's 200 characters", () => {
    expect(copyName("Salle de bain complète")).toBe("Salle de bain complète (copie)");
    const long = copyName("x".repeat(200));
    expect(long).toHaveLength(EQUIPMENT_LIMITS.nameLength);
    expect(long.endsWith(" (copie)")).toBe(true);
  });
});

describe("equipmentTemplateInputSchema", () => {
  it("gives the cleaned list, and refuses an item too long at its place in the rows sent", () => {
    expect(equipmentTemplateInputSchema.parse({ name: " Peinture ", equipment_items: ["", " Rouleau "] })).toEqual({
      name: "Peinture",
      equipment_items: ["Rouleau"],
    });
    const result = equipmentTemplateInputSchema.safeParse({ name: "P", equipment_items: ["", "z".repeat(201)] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["equipment_items.1", "Un équipement\u00a0: 200 caractères au maximum"],
    ]);
  });
});
