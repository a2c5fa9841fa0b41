import type { JournalPeriodTotals, JournalTotals, JournalVerification } from "@shared/journal";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";

/** The journal's reads (docs/domain/journal.md): its check, and its totals by month of a year. */
export const journalKeys = {
  all: ["journal"] as const,
  verify: () => [...journalKeys.all, "verify"] as const,
  months: (year: number) => [...journalKeys.all, "months", year] as const,
};

/** GET /api/journal/verify — the chain walked from entry 1. */
export function journalVerifyQueryOptions() {
  return queryOptions({
    queryKey: journalKeys.verify(),
    queryFn: ({ signal }) => api.get<JournalVerification>("/journal/verify", undefined, { signal }),
  });
}

/** GET /api/journal/totals?period=month&year= — each month of the year that holds entries. */
export function journalMonthsQueryOptions(year: number) {
  return queryOptions({
    queryKey: journalKeys.months(year),
    queryFn: ({ signal }) => api.get<JournalTotals>("/journal/totals", { period: "month", year }, { signal }),
  });
}

/** POST /api/journal/closings — a month that is over, closed: its totals frozen. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api.post<JournalPeriodTotals>("/journal/closings", { period: "month", key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.all }),
  });
}

/** GET /api/journal/closings/:id/archive — the closed period's ZIP, saved under the server's name. */
export async function downloadArchive(closingId: string, fallbackName: string): Promise<string> {
  return saveFile(await api.download(`/journal/closings/${encodeURIComponent(closingId)}/archive`), fallbackName);
}

/** GET /api/accounting/fec?year= — the fiscal year's FEC, saved under the server's name (<SIREN>FEC…). */
export async function downloadFec(year: number): Promise<string> {
  return saveFile(await api.download("/accounting/fec", { year }), `FEC${year}1231.txt`);
}
