/** Document references (docs/domain/references.md#format): per company and year, e.g. DEV-2026-0001. */
export const REFERENCE_PREFIXES = { quote: "DEV", project: "CH", invoice: "FAC", credit_note: "AV" } as const;
export type ReferenceKind = keyof typeof REFERENCE_PREFIXES;

export function formatReference(kind: ReferenceKind, year: number, value: number): string {
  return `${REFERENCE_PREFIXES[kind]}-${year}-${String(value).padStart(4, "0")}`;
}
