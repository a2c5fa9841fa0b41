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
