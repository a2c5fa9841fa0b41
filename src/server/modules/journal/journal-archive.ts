import { createHash } from "node:crypto";
import { JOURNAL_PERIOD_LABELS, type JournalPeriod } from "@shared/journal";
import { zipSync } from "fflate";
import type { StoredEntry } from "./journal.repository";

/**
 * The archive of a closed period (docs/domain/journal.md#archive): the journal's entries from the period's
 * first one to its closing (a slice of the chain, each entry with the hash it follows), the period's
 * documents, a manifest of every file's SHA-256 (`sha256sum -c` reads it) and a verifier that needs nothing
 * but Node: it checks the files against the manifest, re-walks the chain, and recomputes the closing's
 * totals. The closing's hash, printed by the verifier, is the one Propulse shows for that period.
 */

export interface ArchiveInput {
  company: { name: string; siren: string | null };
  period: JournalPeriod;
  key: string;
  /** From the period's first entry to its closing, in order (the closing last). */
  entries: readonly StoredEntry[];
  /** The period's documents as issued: `FAC-2026-0001.pdf`… */
  documents: readonly { name: string; bytes: Uint8Array }[];
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The verifier: the chain's rule (journal-chain.ts) written again without imports; the archive's test runs it. */
export const ARCHIVE_VERIFIER = `#!/usr/bin/env node
// Vérifie une archive du journal Propulse, sans rien d'autre que Node (18 ou plus) :
//   node verifier.mjs            (dans le dossier de l'archive décompressée)
// 1. chaque fichier a l'empreinte SHA-256 que donne MANIFEST.sha256 ;
// 2. les écritures de journal.json se suivent (numéros continus, chacune porte l'empreinte de la précédente)
//    et chacune a l'empreinte de son contenu ;
// 3. la dernière est la clôture de la période, et ses totaux sont ceux des écritures qu'elle couvre.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

const sha256 = (data) => createHash("sha256").update(data).digest("hex");
function canonicalJson(value) {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return "[" + value.map(canonicalJson).join(",") + "]";
  const keys = Object.keys(value).filter((k) => value[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson(value[k])).join(",") + "}";
}
const entryHash = (previous, e) =>
  sha256([previous, String(e.seq), e.kind, e.document_id ?? "", e.reference, e.recorded_at, String(e.amount_cents),
    e.user_name, canonicalJson(e.content)].join("\\n"));

let failed = false;
const fail = (message) => { failed = true; console.error("✗ " + message); };

for (const line of readFileSync("MANIFEST.sha256", "utf8").split("\\n").filter(Boolean)) {
  const [hash, name] = [line.slice(0, 64), line.slice(66)];
  let actual = null;
  try { actual = sha256(readFileSync(name)); } catch { fail(name + " : fichier absent"); continue; }
  if (actual !== hash) fail(name + " : modifié (son empreinte ne correspond plus au manifeste)");
}

const archive = JSON.parse(readFileSync("journal.json", "utf8"));
const entries = archive.entries;
for (let i = 0; i < entries.length; i++) {
  const e = entries[i];
  const previous = i === 0 ? e.previous_hash : entries[i - 1].hash;
  if (i > 0 && e.seq !== entries[i - 1].seq + 1) { fail("écriture n° " + e.seq + " : une écriture manque avant elle"); break; }
  if (e.previous_hash !== previous) { fail("écriture n° " + e.seq + " : ne suit plus la précédente"); break; }
  if (entryHash(previous, e) !== e.hash) { fail("écriture n° " + e.seq + " (" + e.reference + ") : contenu modifié"); break; }
}
const closing = entries.at(-1);
if (!closing || closing.kind !== "closing" || closing.content.key !== archive.key || closing.content.period !== archive.period) {
  fail("la dernière écriture n'est pas la clôture de la période " + archive.key);
} else {
  const covered = entries.filter((e) => e.kind !== "closing" && e.seq >= (closing.content.first_seq ?? Infinity)
    && e.seq <= (closing.content.last_seq ?? -Infinity));
  const sum = (kind) => covered.filter((e) => e.kind === kind).reduce((s, e) => s + e.amount_cents, 0);
  const totals = { invoices: sum("invoice"), credit_notes: sum("credit_note"), payments: sum("payment"),
    payment_reversals: sum("payment_reversal"), refunds: sum("refund"), entries: covered.length };
  for (const [name, value] of Object.entries(totals)) {
    if (closing.content[name] !== value) fail("clôture : le total « " + name + " » ne correspond pas aux écritures");
  }
}
if (failed) process.exit(1);
console.log("✓ Archive intègre : " + entries.length + " écritures, clôture n° " + closing.seq);
console.log("  Empreinte de la clôture : " + closing.hash + " (à comparer avec celle qu'affiche Propulse)");
`;

/** The archive's files, zipped. */
export function buildArchive(input: ArchiveInput): { filename: string; zip: Uint8Array } {
  const encoder = new TextEncoder();
  const journal = {
    company: input.company,
    period: input.period,
    key: input.key,
    entries: input.entries.map((e) => ({
      seq: e.seq,
      kind: e.kind,
      document_id: e.documentId,
      reference: e.reference,
      recorded_at: e.recordedAt,
      amount_cents: e.amountCents,
      user_name: e.userName,
      content: e.content,
      previous_hash: e.previousHash,
      hash: e.hash,
    })),
  };
  const closing = input.entries.at(-1);
  const readme = [
    `Archive du journal inaltérable — ${input.company.name}${input.company.siren ? ` (SIREN ${input.company.siren})` : ""}`,
    `Période\u00a0: ${JOURNAL_PERIOD_LABELS[input.period].toLowerCase()} ${input.key}, clôturée par l’écriture n°\u00a0${closing?.seq ?? "?"}.`,
    `Empreinte de la clôture\u00a0: ${closing?.hash ?? "?"}`,
    "",
    "Contenu\u00a0: journal.json (les écritures, de la première de la période à sa clôture), documents/ (les",
    "pièces émises dans la période), MANIFEST.sha256 (l’empreinte SHA-256 de chaque fichier).",
    "",
    "Vérifier l’archive hors ligne\u00a0:",
    "  sha256sum -c MANIFEST.sha256     (les fichiers n’ont pas été modifiés)",
    "  node verifier.mjs                (les fichiers, la chaîne des écritures et les totaux de la clôture)",
    "",
  ].join("\r\n");
  const files: Record<string, Uint8Array> = {
    "journal.json": encoder.encode(`${JSON.stringify(journal, null, 2)}\n`),
    ...Object.fromEntries(input.documents.map((d) => [`documents/${d.name}`, d.bytes])),
  };
  const manifest = Object.entries(files)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, bytes]) => `${sha256(bytes)}  ${name}\n`)
    .join("");
  // The same closing gives the same bytes: every file dated by the closing itself.
  const mtime = closing ? new Date(closing.recordedAt) : new Date(0);
  const zip = zipSync(
    {
      ...files,
      "MANIFEST.sha256": encoder.encode(manifest),
      "verifier.mjs": encoder.encode(ARCHIVE_VERIFIER),
      "LISEZMOI.txt": encoder.encode(readme),
    },
    { mtime },
  );
  return { filename: `journal-${input.period}-${input.key}.zip`, zip };
}
