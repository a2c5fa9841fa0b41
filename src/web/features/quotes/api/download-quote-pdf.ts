import { QUOTE_TEXTS } from "@shared/quote-rules";
import { useMutation } from "@tanstack/react-query";
import { api } from "@web/lib/api-client";

/** GET /api/quotes/:id/pdf with the session token, saved as devis-{reference}.pdf. */
export async function downloadQuotePdf({ id, reference }: { id: string; reference: string }): Promise<string> {
  const file = await api.download(`/quotes/${encodeURIComponent(id)}/pdf`);
  const filename = file.filename ?? `devis-${reference}.pdf`;
  const url = URL.createObjectURL(file.blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    link.rel = "noopener";
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start the download before the URL goes away.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return filename;
}

export function useDownloadQuotePdf() {
  return useMutation({ mutationFn: downloadQuotePdf, meta: { errorTitle: QUOTE_TEXTS.pdfFailed } });
}
