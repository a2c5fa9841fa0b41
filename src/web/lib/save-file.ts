import type { DownloadedFile } from "./api-client";

/**
 * Hands a downloaded file (`api.download`) to the browser as a download named as the server said
 * (Content-Disposition), else `fallbackName`; answers the name used.
 */
export function saveFile(file: DownloadedFile, fallbackName: string): string {
  const filename = file.filename ?? fallbackName;
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

/**
 * Hands a CSV text written by `toCsv` (`@shared/csv`: the one writer, ADR 0022) to the browser as
 * `<name>-<yyyy-mm-dd>.csv`, as the server names its exports; answers the name used.
 */
export function saveCsv(csv: string, name: string, day: string): string {
  return saveFile({ blob: new Blob([csv], { type: "text/csv;charset=utf-8" }), filename: `${name}-${day}.csv` }, name);
}
