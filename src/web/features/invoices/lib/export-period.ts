import { addDays, parisToday } from "@shared/dates";

/** A period of the export (docs/domain/einvoicing.md#web): from and to included, `yyyy-mm-dd`. */
export interface ExportPeriod {
  from: string;
  to: string;
}

/**
 * The export's default period: the whole month before `today` (Paris), the one an accountant asks for
 * at the start of a month.
 */
export function lastMonthPeriod(today: string = parisToday()): ExportPeriod {
  const to = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

/** The ZIP's name when the server gives none: « factures-2026-10-01-au-2026-10-31.zip ». */
export const exportFileName = ({ from, to }: ExportPeriod): string => `factures-${from}-au-${to}.zip`;

/** The XML's name when the server gives none: « FAC-2026-0001.xml ». */
export const xmlFileName = (invoice: { reference: string }): string => `${invoice.reference}.xml`;
