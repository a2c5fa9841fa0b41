import type { EquipmentTemplate } from "@shared/equipment-templates";

export { apiError, type FakeApi, fakeApi, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeTemplate(overrides: Partial<EquipmentTemplate> = {}): EquipmentTemplate {
  return {
    id: crypto.randomUUID(),
    name: "Salle de bain complète",
    equipment_items: ["Perforateur SDS", "Carrelette", "Niveau laser", "Seau de gâchage"],
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}
