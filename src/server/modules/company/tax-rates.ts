import type { Db } from "@server/db/client";
import { errors } from "@server/lib/errors";
import { isAllowedTaxRate, QUOTE_TEXTS } from "@shared/quote-rules";
import { companySettingsRepository } from "./company.repository";

/**
 * Issue 31 (docs/decisions/0020-vat-rates.md): every priced line written — quote, invoice, quote
 * template — carries a rate in force or one the company added; 400 naming the allowed rates otherwise,
 * on each line's `tax_rate`. Headings and texts carry none. Stored documents are read as they are.
 */
export async function assertLineTaxRates(
  tx: Db,
  companyId: string,
  lines: readonly { kind?: string; tax_rate?: number }[],
  path = "items",
): Promise<void> {
  const priced = lines.flatMap((line, index) =>
    (line.kind ?? "item") === "item" && line.tax_rate !== undefined ? [{ index, rate: line.tax_rate }] : [],
  );
  if (priced.length === 0) return;
  await assertTaxRates(
    tx,
    companyId,
    priced.map(({ index, rate }) => ({ path: `${path}.${index}.tax_rate`, rate })),
  );
}

/** The same for rates at named places (a library item's `tax_rate`). */
export async function assertTaxRates(
  tx: Db,
  companyId: string,
  rates: readonly { path: string; rate: number }[],
): Promise<void> {
  const allowed = await companySettingsRepository.taxRates(tx, companyId);
  const wrong = rates.filter(({ rate }) => !isAllowedTaxRate(rate, allowed));
  if (wrong.length === 0) return;
  const message = QUOTE_TEXTS.taxRateNotAllowed(allowed);
  throw errors.validation(
    message,
    wrong.map(({ path }) => ({ path, message })),
  );
}
