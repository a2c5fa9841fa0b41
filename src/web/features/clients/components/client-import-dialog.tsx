import {
  CLIENT_CSV_FIELD_LABELS,
  CLIENT_CSV_FIELDS,
  CLIENT_CSV_LIMITS,
  type ClientCsvField,
  type ClientImportResult,
  DUPLICATE_ACTION_LABELS,
  DUPLICATE_ACTIONS,
  type DuplicateAction,
} from "@shared/client-csv";
import { CLIENT_TYPE_LABELS, formatSiret } from "@shared/client-rules";
import { plural } from "@shared/format";
import { formatPhone } from "@shared/format-trade";
import { Alert } from "@web/components/ui/alert";
import { Button } from "@web/components/ui/button";
import { CsvFileField } from "@web/components/ui/csv-file-field";
import { ModalHeader } from "@web/components/ui/modal-header";
import { NativeSelect } from "@web/components/ui/native-select";
import { ModalFooter, ResponsiveModal } from "@web/components/ui/responsive-modal";
import { toastSuccess } from "@web/lib/api-errors";
import { cn } from "@web/lib/cn";
import { readCsvFile } from "@web/lib/read-csv-file";
import { ChevronDown, FileUp, LoaderCircle } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { type ClientImportBody, useCommitClientImport, usePreviewClientImport } from "../api/client-csv";

export interface ClientImportDialogProps {
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
}

type Mapping = Partial<Record<ClientCsvField, number>>;

/** Duplicates listed one by one; beyond, the choice for all of them applies. */
const LISTED_DUPLICATES = 50;

/** What the import will do with the choices made: clients added, rows merged, rows ignored. */
export function importCounts(
  result: ClientImportResult,
  choices: Record<string, DuplicateAction>,
  all: DuplicateAction,
) {
  const actionOf = (line: number) => choices[String(line)] ?? all;
  const duplicates = result.duplicates.map((d) => actionOf(d.line));
  const fresh = result.valid - result.duplicates.length;
  return {
    create: fresh + duplicates.filter((a) => a === "create").length,
    merge: duplicates.filter((a) => a === "merge").length,
    skip: duplicates.filter((a) => a === "skip").length,
  };
}

/**
 * « Importer des clients » (docs/domain/clients.md#import): the file is read on the device; the server
 * answers its columns (mapped by their names, the user may change them), the first rows to add, each
 * bad row with its line and reasons, and the rows that repeat a client (same e-mail or SIREN), for
 * which the user chooses: merge, create anyway or ignore. Then « Importer N clients ».
 */
export function ClientImportDialog({ open, isMobile, onClose }: ClientImportDialogProps) {
  const descriptionId = useId();
  const preview = usePreviewClientImport();
  const commit = useCommitClientImport();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState("");
  const [result, setResult] = useState<ClientImportResult | null>(null);
  /** The mapping the user set; null while the server's reading of the headers stands. */
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [all, setAll] = useState<DuplicateAction>("merge");
  const [choices, setChoices] = useState<Record<string, DuplicateAction>>({});
  const [tooLarge, setTooLarge] = useState(false);

  const reset = () => {
    setCsv(null);
    setFileName("");
    setResult(null);
    setMapping(null);
    setAll("merge");
    setChoices({});
    setTooLarge(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const body = (text: string, columns: Mapping | null): ClientImportBody => ({
    csv: text,
    ...(columns ? { mapping: Object.fromEntries(CLIENT_CSV_FIELDS.map((f) => [f, columns[f] ?? null])) } : {}),
  });

  const read = async (text: string, columns: Mapping | null) => {
    const answer = await preview.mutateAsync(body(text, columns)).catch(() => null);
    if (answer) setResult(answer);
    // The lines of the duplicates change with the columns: earlier choices no longer apply.
    setChoices({});
  };

  const choose = async (file: File | undefined) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > CLIENT_CSV_LIMITS.maxBytes) {
      setTooLarge(true);
      return;
    }
    const text = await readCsvFile(file);
    setCsv(text);
    await read(text, null);
  };

  const remap = (column: number, field: ClientCsvField | "") => {
    if (csv === null || !result) return;
    const next: Mapping = {};
    for (const f of CLIENT_CSV_FIELDS) {
      const at = (mapping ?? result.mapping)[f];
      if (at !== undefined && at !== column && f !== field) next[f] = at;
    }
    if (field) next[field] = column;
    setMapping(next);
    void read(csv, next);
  };

  const counts = result ? importCounts(result, choices, all) : null;
  const ready =
    result !== null && result.file_errors.length === 0 && counts !== null && counts.create + counts.merge > 0;

  const submit = async () => {
    if (csv === null || !counts) return;
    const done = await commit
      .mutateAsync({ ...body(csv, mapping), duplicate_action: all, duplicates: choices })
      .catch(() => null);
    if (!done) return;
    const merged = done.merged > 0 ? `, ${plural(done.merged, "doublon fusionné", "doublons fusionnés")}` : "";
    toastSuccess(`${plural(done.created, "client importé", "clients importés")}${merged}`);
    close();
  };

  const submitLabel = !ready
    ? "Importer"
    : counts.create > 0
      ? `Importer ${plural(counts.create, "client")}`
      : `Fusionner ${plural(counts.merge, "doublon")}`;

  return (
    <ResponsiveModal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      isMobile={isMobile}
      aria-describedby={descriptionId}
      dialogClassName="flex max-h-[92dvh] max-w-4xl flex-col gap-0 overflow-hidden p-0"
      sheetClassName="h-[92dvh] max-h-[92dvh]"
    >
      <ModalHeader
        title="Importer des clients"
        description={
          "Un fichier CSV exporté de votre ancien logiciel ou d’un tableur\u00a0: une ligne par client. Vous choisissez les colonnes et les doublons, et voyez l’aperçu avant d’importer."
        }
        descriptionId={descriptionId}
        isMobile={isMobile}
      />
      <div className={cn("flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto", isMobile ? "px-5 py-4" : "px-6 py-5")}>
        <CsvFileField
          fileName={fileName}
          columns={
            "Colonnes reconnues\u00a0: Nom, Prénom, Civilité, Raison sociale (ou Société), E-mail (ou Courriel), Téléphone (ou Tél., Portable), Adresse, Code postal (ou CP), Ville, SIRET ou SIREN, TVA intracommunautaire, Type, Notes."
          }
          tooLarge={tooLarge}
          onChoose={(file) => void choose(file)}
        />
        {preview.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Lecture du fichier…
          </p>
        )}
        {result && result.headers.length > 0 && (
          <ColumnMapping
            key={`${fileName}:${csv?.length ?? 0}`}
            result={result}
            mapping={mapping ?? result.mapping}
            onChange={remap}
            isMobile={isMobile}
          />
        )}
        {result && counts && (
          <ImportPreview
            result={result}
            counts={counts}
            all={all}
            choices={choices}
            onAll={(action) => {
              setAll(action);
              setChoices({});
            }}
            onChoose={(line, action) => setChoices((current) => ({ ...current, [String(line)]: action }))}
          />
        )}
      </div>
      <ModalFooter isMobile={isMobile} stretch>
        <Button type="button" variant="outline" onClick={close}>
          Annuler
        </Button>
        <Button type="button" onClick={() => void submit()} disabled={!ready || commit.isPending || preview.isPending}>
          {commit.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <FileUp aria-hidden="true" />
          )}
          {submitLabel}
        </Button>
      </ModalFooter>
    </ResponsiveModal>
  );
}

function Section({ label, title, children }: { label: string; title: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <h3 className="text-[0.9375rem] font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * Each column of the file, an example of it, and the field it fills (« Ne pas importer » for none):
 * folded under « Colonnes » when every column found its field, open when one did not or the file
 * cannot be read as it is.
 */
function ColumnMapping({
  result,
  mapping,
  onChange,
  isMobile,
}: {
  result: ClientImportResult;
  mapping: Mapping;
  onChange: (column: number, field: ClientCsvField | "") => void;
  isMobile: boolean;
}) {
  const listId = useId();
  const fieldOf = (column: number) => CLIENT_CSV_FIELDS.find((f) => mapping[f] === column) ?? "";
  const used = result.headers.filter((_, column) => fieldOf(column) !== "").length;
  const [open, setOpen] = useState(used < result.headers.length || result.file_errors.length > 0);
  return (
    <section aria-label="Colonnes du fichier" className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-3 rounded-md border border-border px-3 py-2.5 text-left hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring pointer-coarse:min-h-11"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-[0.9375rem] font-semibold">Colonnes</span>
          <span className="text-[0.8125rem] text-muted-foreground">
            {`${plural(used, "colonne utilisée", "colonnes utilisées")} sur ${result.headers.length}`}
          </span>
        </span>
        <span className="shrink-0 text-sm font-medium text-primary">{open ? "Masquer" : "Modifier"}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn("size-4 shrink-0 text-muted-foreground transition-transform", open && "rotate-180")}
        />
      </button>
      <div id={listId} hidden={!open} className="flex flex-col gap-2">
        <p className="text-[0.8125rem] text-muted-foreground">
          Chaque colonne du fichier remplit le champ choisi en face.
        </p>
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border">
          {result.headers.map((header, column) => {
            const example = result.sample.find((row) => (row[column] ?? "").trim() !== "")?.[column]?.trim();
            const selectId = `client-import-column-${column}`;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns of the file, in their order
                key={column}
                className={cn(
                  "grid items-center gap-3 px-3 py-2",
                  isMobile ? "grid-cols-[minmax(0,1fr)_10.5rem]" : "grid-cols-[minmax(0,1fr)_15rem]",
                )}
              >
                <span className="flex min-w-0 flex-col">
                  <label htmlFor={selectId} className="truncate text-sm font-medium">
                    {header.trim() || `Colonne ${column + 1}`}
                  </label>
                  <span className="truncate text-xs text-muted-foreground">
                    {example ? `ex.\u00a0: ${example}` : "vide"}
                  </span>
                </span>
                <NativeSelect
                  id={selectId}
                  value={fieldOf(column)}
                  onChange={(event) => onChange(column, event.target.value as ClientCsvField | "")}
                >
                  <option value="">Ne pas importer</option>
                  {CLIENT_CSV_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {CLIENT_CSV_FIELD_LABELS[field]}
                    </option>
                  ))}
                </NativeSelect>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

interface PreviewProps {
  result: ClientImportResult;
  counts: ReturnType<typeof importCounts>;
  all: DuplicateAction;
  choices: Record<string, DuplicateAction>;
  onAll: (action: DuplicateAction) => void;
  onChoose: (line: number, action: DuplicateAction) => void;
}

function ImportPreview({ result, counts, all, choices, onAll, onChoose }: PreviewProps) {
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
  const parts = [
    plural(counts.create, "client à créer", "clients à créer"),
    ...(counts.merge > 0 ? [plural(counts.merge, "doublon à fusionner", "doublons à fusionner")] : []),
    ...(counts.skip > 0 ? [plural(counts.skip, "doublon ignoré", "doublons ignorés")] : []),
    plural(result.errors.length, "ligne en erreur", "lignes en erreur"),
  ];
  return (
    <Section label="Aperçu de l’import" title="Aperçu">
      <p className="-mt-1 text-sm" role="status">
        {`${plural(result.rows, "ligne lue", "lignes lues")}\u00a0: ${parts.join(", ")}.`}
      </p>
      {result.preview.length > 0 && (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">Premiers clients à créer</caption>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ligne
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Nom
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Type
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Contact
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Ville
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {result.preview.map((row) => (
                <tr key={row.line}>
                  <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.line}</td>
                  <td className="px-3 py-2">
                    <span className="break-words">{row.name}</span>
                    {row.siret && <span className="block text-xs text-muted-foreground">{formatSiret(row.siret)}</span>}
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">{CLIENT_TYPE_LABELS[row.type]}</td>
                  <td className="hidden max-w-56 truncate px-3 py-2 md:table-cell">
                    {row.email ?? (row.phone ? formatPhone(row.phone) : "")}
                  </td>
                  <td className="px-3 py-2">{row.city ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result.duplicates.length > 0 && (
        <section
          aria-label="Doublons"
          className="flex flex-col gap-2 rounded-md border border-warning-soft-foreground/30 bg-warning-soft p-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 className="text-sm font-semibold">
              {`${plural(result.duplicates.length, "doublon trouvé", "doublons trouvés")} (même e-mail ou même SIREN)`}
            </h4>
            <div className="flex items-center gap-2 text-sm">
              <span aria-hidden="true">Pour tous</span>
              <NativeSelect
                aria-label="Action pour tous les doublons"
                value={all}
                onChange={(event) => onAll(event.target.value as DuplicateAction)}
                wrapperClassName="w-44"
              >
                {DUPLICATE_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {DUPLICATE_ACTION_LABELS[action]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <p className="text-[0.8125rem] text-muted-foreground">
            {"Fusionner complète les champs vides du client déjà là, sans rien effacer."}
          </p>
          <ul className="flex flex-col divide-y divide-border/70">
            {result.duplicates.slice(0, LISTED_DUPLICATES).map((duplicate) => {
              const same = duplicate.by === "email" ? "même e-mail" : "même SIREN";
              const target =
                duplicate.match.line !== null
                  ? `la ligne ${duplicate.match.line} (${duplicate.match.name})`
                  : `«\u00a0${duplicate.match.name}\u00a0», déjà client`;
              return (
                <li
                  key={duplicate.line}
                  className="flex flex-col gap-2 py-2 text-sm sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{`Ligne ${duplicate.line} (${duplicate.name})`}</span>
                    {`\u00a0: ${same} que ${target}`}
                  </span>
                  <NativeSelect
                    aria-label={`Action pour la ligne ${duplicate.line}`}
                    value={choices[String(duplicate.line)] ?? all}
                    onChange={(event) => onChoose(duplicate.line, event.target.value as DuplicateAction)}
                    wrapperClassName="w-full shrink-0 sm:w-44"
                  >
                    {DUPLICATE_ACTIONS.map((action) => (
                      <option key={action} value={action}>
                        {DUPLICATE_ACTION_LABELS[action]}
                      </option>
                    ))}
                  </NativeSelect>
                </li>
              );
            })}
          </ul>
          {result.duplicates.length > LISTED_DUPLICATES && (
            <p className="text-[0.8125rem] text-muted-foreground">
              {`Et ${plural(result.duplicates.length - LISTED_DUPLICATES, "autre doublon", "autres doublons")}, traités selon le choix «\u00a0Pour tous\u00a0».`}
            </p>
          )}
        </section>
      )}
      {result.errors.length > 0 && (
        <section
          aria-label="Lignes en erreur"
          className="flex flex-col gap-1.5 rounded-md border border-destructive/40 bg-destructive-soft/40 p-3"
        >
          <h4 className="text-sm font-semibold text-destructive">Lignes non importées</h4>
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
    </Section>
  );
}
