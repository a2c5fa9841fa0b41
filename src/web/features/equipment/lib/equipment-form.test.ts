import { EQUIPMENT_LIMITS, EQUIPMENT_TEXTS } from "@shared/equipment-template-rules";
import { describe, expect, it } from "vitest";
import {
  equipmentFormDefaults,
  equipmentFormSchema,
  formFieldOf,
  previewItems,
  repeatedRows,
  toEquipmentPayload,
} from "./equipment-form";

describe("equipmentFormDefaults", () => {
  const template = {
    id: "6c1f3f9e-2a8b-4d7e-9c1a-1b2c3d4e5f60",
    name: "Peinture intérieure",
    equipment_items: ["Rouleau", "Bâche"],
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
  };

  it("opens a new template with one empty row", () => {
    expect(equipmentFormDefaults({ mode: "create" })).toEqual({ name: "", items: [{ value: "" }] });
  });

  it("opens a template with its name and items, and a duplicate with « (copie) »", () => {
    expect(equipmentFormDefaults({ mode: "edit", template })).toEqual({
      name: "Peinture intérieure",
      items: [{ value: "Rouleau" }, { value: "Bâche" }],
    });
    expect(equipmentFormDefaults({ mode: "create", copyOf: template }).name).toBe("Peinture intérieure (copie)");
    // A template without items still shows a row.
    expect(equipmentFormDefaults({ mode: "edit", template: { ...template, equipment_items: [] } }).items).toEqual([
      { value: "" },
    ]);
  });
});

describe("the payload and the preview", () => {
  const fields = {
    name: " Plomberie ",
    items: [{ value: " Clé " }, { value: "" }, { value: "clé" }, { value: "Téflon" }],
  };

  it("sends the rows as typed (row n of an error is row n of the form)", () => {
    expect(toEquipmentPayload(fields)).toEqual({
      name: " Plomberie ",
      equipment_items: [" Clé ", "", "clé", "Téflon"],
    });
  });

  it("previews the items as stored, and names the repeated rows", () => {
    expect(previewItems(fields)).toEqual(["Clé", "Téflon"]);
    expect(repeatedRows(fields)).toEqual(new Set([2]));
  });

  it("maps a validation path to its field", () => {
    expect(formFieldOf("name")).toBe("name");
    expect(formFieldOf("equipment_items.4")).toBe("items.4.value");
    expect(formFieldOf("equipment_items")).toBe("items");
    expect(formFieldOf("id")).toBeNull();
  });
});

describe("the form's schema", () => {
  it("says the shared schema's messages at the name and under the row they are about", () => {
    const long = "x".repeat(EQUIPMENT_LIMITS.itemLength + 1);
    const result = equipmentFormSchema.safeParse({ name: " ", items: [{ value: "Clé" }, { value: long }] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", EQUIPMENT_TEXTS.nameRequired],
      ["items.1.value", EQUIPMENT_TEXTS.itemTooLong],
    ]);
  });

  it("hands over the rows as typed: the server cleans them", () => {
    const fields = { name: "Plomberie", items: [{ value: " Clé " }, { value: "" }, { value: "clé" }] };
    expect(equipmentFormSchema.parse(fields)).toEqual({ name: "Plomberie", equipment_items: [" Clé ", "", "clé"] });
  });
});
