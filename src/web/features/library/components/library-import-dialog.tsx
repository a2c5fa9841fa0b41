import { formatEuro, formatPercent, plural } from "@shared/format";
import type { LibraryImportResult } from "@shared/library";
import { LIBRARY_CSV_LIMITS } from "@shared/library-csv";
import { LIBRARY_CATEGORY_LABELS } from "@shared/library-rules";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { CsvFileField } from "@web/components/ui/csv-file-field";
import { ModalHeader } from "@web/components/ui/modal-header";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { readCsvFile } from "@web/lib/read-csv-file";
import { FileUp, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { useImportLibrary } from "../api/library-csv";

export interface LibraryImportDialogProps {
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}

/**
 * « Importer un CSV » (docs/domain/library.md#csv): the file is read on the device, the server answers
 * a preview (recognised columns, the first rows as they will be added, each bad row with its line and
 * reasons), then adds the valid rows on « Importer ».
 */
export function LibraryImportDialog({ open, isMobile, onClose }: LibraryImportDialogProps) {
  const descriptionId = useId();
  const mutation = useImportLibrary();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [result, setResult] = useState<LibraryImportResult | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const reset = () => {
    setCsv(null);
    setFileName("");
    setResult(null);
    setTooLarge(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > LIBRARY_CSV_LIMITS.maxBytes) {
      setTooLarge(true);
      return;
    }
    const text = await readCsvFile(file);
    setCsv(text);
    setResult(await mutation.mutateAsync({ csv: text, commit: false }).catch(() => null));
  };

  const commit = async () => {
    if (csv === null) return;
    const done = await mutation.mutateAsync({ csv, commit: true }).catch(() => null);
    if (!done) return;
    toastSuccess(`${plural(done.created, "article importé", "articles importés")}`);
    close();
  };

  const ready = result !== null && result.file_errors.length === 0 && result.valid > 0;

  return (
    <ResponsiveModal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="max-w-3xl gap-0 p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      <ModalHeader
        title="Importer des articles"
        description={
          "Un fichier CSV exporté de votre ancien logiciel ou d’un tableur\u00a0: une ligne par article, avec au moins le nom et le prix de vente HT. Vous verrez l’aperçu avant d’importer."
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <CsvFileField
          fileName={fileName}
          columns={
            "Colonnes reconnues\u00a0: Nom (ou Désignation), Prix de vente HT (ou PU HT), Unité, Déboursé (ou Prix d’achat), TVA, Catégorie, Référence fournisseur."
          }
          tooLarge={tooLarge}
          onChoose={(file) => void choose(file)}
        />
        {mutation.isPending && !result && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Lecture du fichier…
          </p>
        )}
        {result && <ImportPreview result={result} />}
      </div>
      <ModalFooter isMobile={isMobile} stretch>
        <Button type="button" variant="outline" onClick={close}>
          Annuler
        </Button>
        <Button type="button" onClick={() => void commit()} disabled={!ready || mutation.isPending}>
          {mutation.isPending && result ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <FileUp aria-hidden="true" />
          )}
          {ready ? `Importer ${plural(result.valid, "article")}` : "Importer"}
        </Button>
      </ModalFooter>
    </ResponsiveModal>
  );
}

function ImportPreview({ result }: { result: LibraryImportResult }) {
  if (result.file_errors.length > 0) {
    return (
      <Alert variant="destructive">
        <p className="font-medium">{"Ce fichier ne peut pas être importé\u00a0:"}</p>
        <ul className="mt-1 list-disc pl-5">
          {result.file_errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  return (
    <section aria-label="Aperçu de l’import" className="flex flex-col gap-3">
      <p className="text-sm" role="status">
        {`${plural(result.rows, "ligne lue", "lignes lues")}\u00a0: ${plural(result.valid, "article à importer", "articles à importer")}, ${plural(result.errors.length, "ligne en erreur", "lignes en erreur")}.`}
      </p>
      {result.preview.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">Premiers articles à importer</caption>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ligne
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Nom
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Catégorie
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Prix HT
                </th>
                <th scope="col" className="hidden px-3 py-2 text-right font-medium sm:table-cell">
                  Déboursé
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  TVA
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border tabular-nums">
              {result.preview.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-2 text-muted-foreground">{row.line}</td>
                  <td className="px-3 py-2">{row.name}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{LIBRARY_CATEGORY_LABELS[row.category]}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">{`${formatEuro(row.unit_price)} / ${row.unit}`}</td>
                  <td className="hidden px-3 py-2 text-right whitespace-nowrap sm:table-cell">
                    {formatEuro(row.cost_price)}
                  </td>
                  <td className="px-3 py-2 text-right">{formatPercent(row.tax_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.errors.length > 0 && (
        <section
          aria-label="Lignes en erreur"
          className="flex flex-col gap-1.5 rounded-md border border-destructive/40 bg-destructive-soft/40 p-3"
        >
          <h3 className="text-sm font-semibold text-destructive">Lignes non importées</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {result.errors.map((error) => (
              <li key={error.line}>
                <span className="font-medium">{`Ligne ${error.line}${error.name ? ` (${error.name})` : ""}\u00a0: `}</span>
                {error.messages.join("\u202f; ")}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
