import { QUOTE_TEXTS } from "@shared/quote-rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";
import { saveFile } from "@web/lib/save-file";

/** GET /api/quotes/:id/pdf with the session token, saved as devis-{reference}.pdf. */
export async function downloadQuotePdf({ id, reference }: { id: string; reference: string }): Promise<string> {
  return saveFile(await api.download(`/quotes/${encodeURIComponent(id)}/pdf`), `devis-${reference}.pdf`);
}

export function useDownloadQuotePdf() {
  return useMutation({ mutationFn: downloadQuotePdf, meta: { errorTitle: QUOTE_TEXTS.pdfFailed } });
}
