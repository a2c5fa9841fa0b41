import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { Label } from "@web/components/ui/label";
import { FileUp } from "lucide-react";
import { useId, useRef } from "react";

export interface CsvFileFieldProps {
  /** The file chosen, '' before. */
  fileName: string;
  /** « Colonnes reconnues : … » under the button. */
  columns: string;
  /** The chosen file is over the import's size limit. */
  tooLarge: boolean;
  onChoose: (file: File | undefined) => void;
}

/**
 * « Fichier CSV » of an import dialog (library, clients): a button of ours opens the browser's file
 * picker (its own button speaks its language, not always French), the file's name beside it, the
 * columns recognised under it, and the size error when the file is too large.
 */
export function CsvFileField({ fileName, columns, tooLarge, onChoose }: CsvFileFieldProps) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Fichier CSV</Label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
        <div className="flex min-w-0 items-center gap-3">
          <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden="true" />
            Choisir un fichier
          </Button>
          <span className="min-w-0 truncate text-sm text-muted-foreground">{fileName || "Aucun fichier choisi"}</span>
        </div>
        <p className="text-xs text-muted-foreground">{columns}</p>
      </div>
      {tooLarge && (
        <Alert variant="destructive">{`${fileName}\u00a0: fichier trop volumineux (5\u00a0Mo au maximum).`}</Alert>
      )}
    </>
  );
}
