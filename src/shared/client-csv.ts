/**
 * The client book as CSV (docs/domain/clients.md#csv): how an import reads a file from other software —
 * headers recognised by their usual French names (or mapped by the user), types and civilities as
 * people write them — into clients checked by the API's own schema, row by row; which rows repeat a
 * client (same e-mail or SIREN, in the book or earlier in the file) and what becomes of them; and the
 * columns an export writes.
 */
import { z } from "zod";
import {
  type Civility,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type ClientType,
  formatSiret,
  legacyIdentity,
  sirenOf,
} from "./client-rules";
import { type ClientRecord, type ClientValues, clientCreateSchema, clientValuesOfCreate } from "./clients";
import { CSV_TEXTS, normaliseHeader, parseCsv, unreadableCells } from "./csv";
import { formatDate, formatNumber } from "./format";

export const CLIENT_CSV_LIMITS = { maxRows: 10_000, maxBytes: 5_000_000, preview: 20, sample: 5 } as const;

/** The fields a column of a file can fill, in the order the mapping screen lists them. */
export const CLIENT_CSV_FIELDS = [
  "type",
  "civility",
  "first_name",
  "last_name",
  "company_name",
  "siret",
  "vat_number",
  "email",
  "phone",
  "address",
  "postal_code",
  "city",
  "notes",
] as const;
export type ClientCsvField = (typeof CLIENT_CSV_FIELDS)[number];

export const CLIENT_CSV_FIELD_LABELS: Record<ClientCsvField, string> = {
  type: "Type",
  civility: "Civilité",
  first_name: "Prénom",
  last_name: "Nom",
  company_name: "Raison sociale",
  siret: "SIRET / SIREN",
  vat_number: "TVA intracommunautaire",
  email: "E-mail",
  phone: "Téléphone",
  address: "Adresse",
  postal_code: "Code postal",
  city: "Ville",
  notes: "Notes",
};

/** Headers an import recognises, normalised (`normaliseHeader`), by field: names, or a pattern. */
const HEADER_NAMES: Record<ClientCsvField, readonly (string | RegExp)[]> = {
  type: ["type", "type de client", "type client", "categorie", "categorie client"],
  civility: ["civilite", "civ", "titre", "civilite du contact"],
  first_name: ["prenom", "prenom du client", "prenom client", "prenom du contact", "prenom contact", "first name"],
  last_name: [
    "nom",
    "nom de famille",
    "nom du client",
    "nom client",
    "client",
    "nom du contact",
    "nom contact",
    "last name",
    "name",
  ],
  company_name: [
    "raison sociale",
    "societe",
    "entreprise",
    "denomination",
    "denomination sociale",
    "nom de l entreprise",
    "nom entreprise",
    "nom de la societe",
    "company",
  ],
  siret: ["siret", "siren", "n siret", "no siret", "numero siret", "siret siren", "siren siret", "n siren"],
  vat_number: [
    "tva intracom",
    "tva intracommunautaire",
    "n tva",
    "no tva",
    "n tva intracommunautaire",
    "numero de tva",
    "numero tva",
    "numero de tva intracommunautaire",
    "tva",
  ],
  // « E-mail », « Email », « Mail », « Adresse e-mail », « Courriel »… (a pattern: none is French copy).
  email: [/^(adresse )?(e ?)?mail$/, "courriel", "adresse electronique"],
  phone: [
    "telephone",
    "tel",
    "portable",
    "mobile",
    "tel portable",
    "tel mobile",
    "tel fixe",
    "telephone portable",
    "telephone mobile",
    "telephone fixe",
    "gsm",
    "numero de telephone",
    "phone",
  ],
  address: ["adresse", "adresse 1", "adresse1", "rue", "adresse de facturation", "adresse postale", "voie"],
  postal_code: ["cp", "code postal", "codepostal", "code post", "zip", "code postal facturation"],
  city: ["ville", "commune", "localite", "ville de facturation", "city"],
  notes: ["notes", "note", "commentaire", "commentaires", "remarque", "remarques", "observations"],
};

const TYPE_NAMES: Record<string, ClientType> = {
  particulier: "particulier",
  particuliers: "particulier",
  part: "particulier",
  p: "particulier",
  prive: "particulier",
  individuel: "particulier",
  "personne physique": "particulier",
  professionnel: "professionnel",
  professionnels: "professionnel",
  pro: "professionnel",
  entreprise: "professionnel",
  societe: "professionnel",
  "personne morale": "professionnel",
  collectivite: "professionnel",
  association: "professionnel",
  b2b: "professionnel",
};

const CIVILITY_NAMES: Record<string, Civility> = {
  m: "M.",
  mr: "M.",
  monsieur: "M.",
  mme: "Mme",
  madame: "Mme",
  mlle: "Mme",
  mademoiselle: "Mme",
};

export const CLIENT_CSV_TEXTS = {
  empty: "Le fichier est vide",
  noName:
    "Colonne «\u00a0Nom\u00a0» ou «\u00a0Raison sociale\u00a0» introuvable\u00a0: indiquez laquelle porte le nom des clients",
  tooManyRows: `${formatNumber(CLIENT_CSV_LIMITS.maxRows)} lignes au maximum par import`,
  noSuchColumn: (index: number) => `La colonne n°\u00a0${index + 1} n’existe pas dans ce fichier`,
  unknownType: (type: string) => `Type «\u00a0${type}\u00a0» inconnu (Particulier ou Professionnel)`,
  unknownCivility: (civility: string) => `Civilité «\u00a0${civility}\u00a0» inconnue (M. ou Mme)`,
} as const;

/** What a file's column fills, by field: the index of its column (the header is row 0). */
export type ClientColumnMapping = Partial<Record<ClientCsvField, number>>;

/** The file's header mapped to fields by their usual names; each field takes the first column that names it. */
export function autoMapClientColumns(header: readonly string[]): ClientColumnMapping {
  const mapping: ClientColumnMapping = {};
  header.forEach((raw, index) => {
    const name = normaliseHeader(raw);
    for (const field of CLIENT_CSV_FIELDS) {
      const known = HEADER_NAMES[field].some((n) => (typeof n === "string" ? n === name : n.test(name)));
      if (mapping[field] === undefined && known) {
        mapping[field] = index;
        return;
      }
    }
  });
  return mapping;
}

export interface ClientImportRowError {
  /** The line of the file (the header is line 1). */
  line: number;
  name: string;
  messages: string[];
}

/** A row read into a client, ready to be added (or merged). */
export interface ClientCandidate {
  line: number;
  values: ClientValues;
}

export interface ReadClientCsv {
  /** Problems with the whole file (no name column…): nothing can be imported. */
  fileErrors: string[];
  header: string[];
  mapping: ClientColumnMapping;
  /** The first rows as read, for the mapping screen. */
  sample: string[][];
  /** Rows read, header left out. */
  rowCount: number;
  candidates: ClientCandidate[];
  errors: ClientImportRowError[];
}

/**
 * Reads a CSV file into clients, with `mapping` (field → column) or the one its headers give. A row
 * states its type (Type column), else is a business when it has a raison sociale, a SIRET or a VAT
 * number, else is typed by the name alone as the clients written before types were (`legacyIdentity`,
 * ADR 0012); a business's row with a person's name makes that person its contact. Each row is checked
 * by the schema of POST /api/clients (its French messages).
 */
export function readClientCsv(text: string, requested?: Partial<Record<ClientCsvField, number | null>>): ReadClientCsv {
  const [header, ...rows] = parseCsv(text);
  const mapping: ClientColumnMapping = {};
  const result: ReadClientCsv = {
    fileErrors: [],
    header: header ?? [],
    mapping,
    sample: rows.slice(0, CLIENT_CSV_LIMITS.sample),
    rowCount: rows.length,
    candidates: [],
    errors: [],
  };
  if (!header) return { ...result, fileErrors: [CLIENT_CSV_TEXTS.empty] };
  if (unreadableCells(header)) result.fileErrors.push(CSV_TEXTS.unreadableHeader);
  const source = requested ?? autoMapClientColumns(header);
  for (const field of CLIENT_CSV_FIELDS) {
    const index = source[field];
    if (index === undefined || index === null) continue;
    if (index >= header.length) result.fileErrors.push(CLIENT_CSV_TEXTS.noSuchColumn(index));
    else mapping[field] = index;
  }
  if (mapping.last_name === undefined && mapping.company_name === undefined) {
    result.fileErrors.push(CLIENT_CSV_TEXTS.noName);
  }
  if (rows.length > CLIENT_CSV_LIMITS.maxRows) result.fileErrors.push(CLIENT_CSV_TEXTS.tooManyRows);
  if (result.fileErrors.length > 0) return result;

  rows.forEach((row, index) => {
    const line = index + 2;
    const read = readRow(row, mapping);
    // A replacement character or a NUL in any cell fails the row alone (docs/domain/clients.md#encodings).
    const unreadable = unreadableCells(row);
    if (unreadable) {
      result.errors.push({
        line,
        name: read.name,
        messages: [unreadable, ...("messages" in read ? read.messages : [])],
      });
    } else if ("messages" in read) result.errors.push({ line, ...read });
    else result.candidates.push({ line, values: read });
  });
  return result;
}

function readRow(
  row: readonly string[],
  mapping: ClientColumnMapping,
): ClientValues | { name: string; messages: string[] } {
  const cell = (field: ClientCsvField) => {
    const at = mapping[field];
    return at === undefined ? "" : (row[at] ?? "").trim();
  };
  const messages: string[] = [];
  const typeText = cell("type");
  let type: ClientType | undefined;
  if (typeText !== "") {
    type = TYPE_NAMES[normaliseHeader(typeText)];
    if (!type) messages.push(CLIENT_CSV_TEXTS.unknownType(typeText));
  }
  const civilityText = cell("civility");
  let civility: Civility | null = null;
  if (civilityText !== "") {
    civility = CIVILITY_NAMES[normaliseHeader(civilityText)] ?? null;
    if (!civility) messages.push(CLIENT_CSV_TEXTS.unknownCivility(civilityText));
  }
  const first = cell("first_name");
  const last = cell("last_name");
  const company = cell("company_name");
  const siret = cell("siret");
  const vat = cell("vat_number");
  const person = [civility, first, last].filter(Boolean).join(" ");

  let body: Record<string, unknown>;
  const common = {
    siret,
    vat_number: vat,
    email: cell("email"),
    phone: cell("phone"),
    address: cell("address"),
    postal_code: cell("postal_code"),
    city: cell("city"),
    notes: cell("notes"),
  };
  const business = type === "professionnel" || (type === undefined && (company !== "" || siret !== "" || vat !== ""));
  if (business) {
    const companyName = company || last || first;
    body = {
      ...common,
      type: "professionnel",
      name: companyName,
      company_name: companyName,
      contacts: company && (first || last) ? [{ name: person }] : [],
    };
  } else if (type === undefined && !civility && !first && last) {
    // A name alone, as the clients written before types were: the same rule as the migration.
    const identity = legacyIdentity(last);
    body = { ...common, ...identity, name: last };
  } else {
    body = {
      ...common,
      type: "particulier",
      name: person || company,
      civility,
      first_name: first,
      last_name: last || (civility || first ? "" : company),
    };
  }
  const checked = clientCreateSchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  const name = String(body.name ?? "");
  if (messages.length > 0 || !checked.success) return { name, messages };
  return clientValuesOfCreate(checked.data);
}

// ---------------------------------------------------------------------------------------------
// Duplicates (docs/domain/clients.md#duplicates)

export const DUPLICATE_ACTIONS = ["merge", "create", "skip"] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
export const DUPLICATE_ACTION_LABELS: Record<DuplicateAction, string> = {
  merge: "Fusionner",
  create: "Créer quand même",
  skip: "Ignorer",
};

/** A client of the book that a row may repeat: its e-mail (lower case) and SIREN. */
export type ExistingClientKey = {
  id: string;
  name: string;
  email: string | null;
  siren: string | null;
};

export interface ClientDuplicate {
  line: number;
  name: string;
  by: "email" | "siren";
  /** The e-mail or SIREN found twice. */
  key: string;
  /** The client of the book it repeats, or the earlier row of the file. */
  match: { client_id: string | null; line: number | null; name: string };
  action: DuplicateAction;
}

export interface ClientImportPlan {
  /** Clients to add, in the file's order; rows merged into an earlier row already folded in. */
  creates: ClientCandidate[];
  /** What to fill in each client of the book, rows folded in the file's order. */
  merges: { clientId: string; lines: number[]; values: ClientValues }[];
  skipped: number[];
  duplicates: ClientDuplicate[];
}

const emailKey = (values: ClientValues) => values.email?.toLowerCase() ?? null;

/**
 * What an import does with each row: a row with the e-mail or SIREN of a client of the book, or of an
 * earlier row of the file, is a duplicate, and becomes what its action says — merged (the client's
 * empty fields filled from it), created anyway, or ignored; `actions` by line, else `byDefault`. The
 * others are added. The earlier row of an in-file duplicate is always added, so merging into it is
 * filling it before it is.
 */
export function planClientImport(
  candidates: readonly ClientCandidate[],
  existing: readonly ExistingClientKey[],
  choice: { byDefault: DuplicateAction; actions?: Readonly<Record<string, DuplicateAction>> },
): ClientImportPlan {
  const bookByEmail = new Map<string, ExistingClientKey>();
  const bookBySiren = new Map<string, ExistingClientKey>();
  for (const client of existing) {
    if (client.email && !bookByEmail.has(client.email)) bookByEmail.set(client.email, client);
    if (client.siren && !bookBySiren.has(client.siren)) bookBySiren.set(client.siren, client);
  }
  const fileByEmail = new Map<string, ClientCandidate>();
  const fileBySiren = new Map<string, ClientCandidate>();
  const plan: ClientImportPlan = { creates: [], merges: [], skipped: [], duplicates: [] };
  const created = new Map<number, ClientCandidate>();
  const merged = new Map<string, { clientId: string; lines: number[]; values: ClientValues }>();

  for (const candidate of candidates) {
    const email = emailKey(candidate.values);
    const siren = sirenOf(candidate.values.siret);
    const book =
      (email ? bookByEmail.get(email) : undefined) ?? (siren ? bookBySiren.get(siren) : undefined) ?? undefined;
    const earlier = book
      ? undefined
      : ((email ? fileByEmail.get(email) : undefined) ?? (siren ? fileBySiren.get(siren) : undefined));
    if (!book && !earlier) {
      const copy = { line: candidate.line, values: { ...candidate.values } };
      plan.creates.push(copy);
      created.set(candidate.line, copy);
      if (email) fileByEmail.set(email, copy);
      if (siren) fileBySiren.set(siren, copy);
      continue;
    }
    const byEmail = book
      ? Boolean(email && book.email === email)
      : Boolean(email && earlier && emailKey(earlier.values) === email);
    const action = choice.actions?.[String(candidate.line)] ?? choice.byDefault;
    plan.duplicates.push({
      line: candidate.line,
      name: candidate.values.name,
      by: byEmail ? "email" : "siren",
      key: byEmail ? (email ?? "") : (siren ?? ""),
      match: book
        ? { client_id: book.id, line: null, name: book.name }
        : { client_id: null, line: earlier?.line ?? null, name: earlier?.values.name ?? "" },
      action,
    });
    if (action === "skip") plan.skipped.push(candidate.line);
    else if (action === "create") plan.creates.push({ line: candidate.line, values: { ...candidate.values } });
    else if (book) {
      const entry = merged.get(book.id) ?? { clientId: book.id, lines: [], values: { ...candidate.values } };
      if (entry.lines.length > 0) entry.values = fillEmpty(entry.values, candidate.values);
      entry.lines.push(candidate.line);
      merged.set(book.id, entry);
    } else if (earlier) {
      const target = created.get(earlier.line);
      if (target) target.values = fillEmpty(target.values, candidate.values);
    }
  }
  plan.merges = [...merged.values()];
  return plan;
}

/**
 * `target` with its empty fields filled from `from` (a merge): contact details, billing address,
 * notes, and for a business its SIRET, VAT number and the contacts it does not have yet. The identity
 * (type, names) stays the target's.
 */
export function fillEmpty(target: ClientValues, from: ClientValues): ClientValues {
  const business = target.type === "professionnel";
  const names = new Set(target.contacts.map((c) => c.name.toLowerCase()));
  return {
    ...target,
    email: target.email ?? from.email,
    phone: target.phone ?? from.phone,
    address: target.address ?? from.address,
    postal_code: target.postal_code ?? from.postal_code,
    city: target.city ?? from.city,
    notes: target.notes ?? from.notes,
    siret: business ? (target.siret ?? from.siret) : null,
    // A VAT number holds its SIREN: taken only from a row of the same SIREN (or when the client has none).
    vat_number: business
      ? (target.vat_number ?? (target.siret && sirenOf(target.siret) !== sirenOf(from.siret) ? null : from.vat_number))
      : null,
    contacts: business ? [...target.contacts, ...from.contacts.filter((c) => !names.has(c.name.toLowerCase()))] : [],
  };
}

// ---------------------------------------------------------------------------------------------
// Export

/** The columns of an export, in order; an import reads the first ones back (Actif, Client depuis, Contacts and Adresses de chantier are for reading). */
export const CLIENT_EXPORT_HEADERS = [
  "Type",
  "Civilité",
  "Prénom",
  "Nom",
  "Raison sociale",
  "SIRET",
  "TVA intracommunautaire",
  "E-mail",
  "Téléphone",
  "Adresse",
  "Code postal",
  "Ville",
  "Notes",
  "Actif",
  "Client depuis",
  "Contacts",
  "Adresses de chantier",
] as const;

/** The rows of an export (header first), for a French spreadsheet. */
export function clientCsvRows(clients: readonly ClientRecord[]): string[][] {
  const join = (parts: readonly (string | null)[], separator = ", ") => parts.filter(Boolean).join(separator);
  return [
    [...CLIENT_EXPORT_HEADERS],
    ...clients.map((c) => [
      CLIENT_TYPE_LABELS[c.type],
      c.civility ?? "",
      c.first_name ?? "",
      c.last_name ?? "",
      c.company_name ?? "",
      // Spaces keep the spreadsheet from reading 14 digits as a number in scientific notation.
      c.siret ? formatSiret(c.siret).replace(/\u00a0/g, " ") : "",
      c.vat_number ?? "",
      c.email ?? "",
      c.phone ?? "",
      c.address ?? "",
      c.postal_code ?? "",
      c.city ?? "",
      c.notes ?? "",
      c.is_active ? "Oui" : "Non",
      formatDate(c.created_at),
      c.contacts.map((k) => join([k.name, k.role, k.phone, k.email])).join(" | "),
      c.addresses.map((a) => join([a.label, a.address, join([a.postal_code, a.city], " ")])).join(" | "),
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------
// The wire (POST /api/clients/import)

const lineAction = z.enum(DUPLICATE_ACTIONS, { error: "Action invalide (merge, create ou skip)" });

export const clientImportSchema = z.object({
  csv: z
    .string({ error: "Fichier CSV manquant" })
    .max(CLIENT_CSV_LIMITS.maxBytes, "Fichier trop volumineux (5 Mo au maximum)"),
  /** Which column fills which field (its index, the first column is 0); left out: by the headers. */
  mapping: z
    .partialRecord(
      z.enum(CLIENT_CSV_FIELDS, { error: "Champ inconnu" }),
      z.int({ error: "Numéro de colonne invalide" }).min(0, "Numéro de colonne invalide").nullable(),
    )
    .optional(),
  commit: z.boolean({ error: "commit\u00a0: true ou false" }).default(false),
  /** What becomes of a duplicate without its own choice. */
  duplicate_action: lineAction.default("merge"),
  /** The choice for each duplicate, by its line in the file. */
  duplicates: z.record(z.string().regex(/^\d+$/, "Numéro de ligne invalide"), lineAction).optional(),
});
export type ClientImportInput = z.output<typeof clientImportSchema>;

export const clientImportResultSchema = z.object({
  /** Problems with the whole file: nothing is imported. */
  file_errors: z.array(z.string()),
  /** The file's header row, and which column fills which field. */
  headers: z.array(z.string()),
  mapping: z.partialRecord(z.enum(CLIENT_CSV_FIELDS), z.number()),
  /** The first rows as read. */
  sample: z.array(z.array(z.string())),
  rows: z.number(),
  /** Rows without error. */
  valid: z.number(),
  /** What the import does (or did): clients added, rows merged into a client, rows ignored. */
  to_create: z.number(),
  to_merge: z.number(),
  to_skip: z.number(),
  created: z.number(),
  merged: z.number(),
  errors: z.array(z.object({ line: z.number(), name: z.string(), messages: z.array(z.string()) })),
  duplicates: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      by: z.enum(["email", "siren"]),
      key: z.string(),
      match: z.object({ client_id: z.string().nullable(), line: z.number().nullable(), name: z.string() }),
      action: z.enum(DUPLICATE_ACTIONS),
    }),
  ),
  /** The first clients to add, as they will be. */
  preview: z.array(
    z.object({
      line: z.number(),
      type: z.enum(CLIENT_TYPES),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      city: z.string().nullable(),
      siret: z.string().nullable(),
    }),
  ),
});
export type ClientImportResult = z.infer<typeof clientImportResultSchema>;
