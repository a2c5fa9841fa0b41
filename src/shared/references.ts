/** Document references (docs/domain/references.md#format): per company and year, e.g. DEV-2026-0001. */
export const REFERENCE_PREFIXES = { quote: "DEV", project: "CH", invoice: "FAC", credit_note: "AV" } as const;
export type ReferenceKind = keyof typeof REFERENCE_PREFIXES;

/** The number's digits at least (a longer number is written whole: FAC-2026-10000). */
export const REFERENCE_MIN_DIGITS = 4;

/**
 * The one format of references. The database writes it again for invoices and credit notes, numbered as
 * their issue commits (`invoices_take_number`, drizzle/0027): src/server/modules/references/references.test.ts
 * pins that trigger to this function.
 */
export function formatReference(kind: ReferenceKind, year: number, value: number): string {
  return `${REFERENCE_PREFIXES[kind]}-${year}-${String(value).padStart(REFERENCE_MIN_DIGITS, "0")}`;
}
