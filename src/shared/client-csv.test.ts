import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  autoMapClientColumns,
  CLIENT_CSV_TEXTS,
  type ClientCandidate,
  clientCsvRows,
  fillEmpty,
  planClientImport,
  readClientCsv,
} from "./client-csv";
import { CLIENT_TEXTS, type ClientRecord, type ClientValues } from "./clients";
import { CSV_TEXTS, decodeCsv, parseCsv, toCsv } from "./csv";

/** Windows-1252 bytes of `text`, built by hand (TextEncoder writes UTF-8 only): Latin-1 as is, « € ’ œ » from the code page. */
const windows1252 = (text: string) =>
  Uint8Array.from([...text], (c) => ({ "€": 0x80, "’": 0x92, œ: 0x9c })[c] ?? c.charCodeAt(0));

describe("autoMapClientColumns", () => {
  it("recognises the usual French headers, accents, case and punctuation aside", () => {
    const header = [
      "Société",
      "Civilité",
      "Prénom",
      "NOM",
      "Courriel",
      "Tél.",
      "Adresse",
      "CP",
      "Ville",
      "N° SIRET",
      "TVA intracom",
      "Type",
      "Commentaires",
      "Portable",
      "Colonne inconnue",
    ];
    expect(autoMapClientColumns(header)).toEqual({
      company_name: 0,
      civility: 1,
      first_name: 2,
      last_name: 3,
      email: 4,
      phone: 5,
      address: 6,
      postal_code: 7,
      city: 8,
      siret: 9,
      vat_number: 10,
      type: 11,
      notes: 12,
    });
    expect(autoMapClientColumns(["Raison sociale", "E-mail", "Téléphone", "Code postal"])).toEqual({
      company_name: 0,
      email: 1,
      phone: 2,
      postal_code: 3,
    });
    expect(autoMapClientColumns(["Email", "Adresse e-mail", "Mail"])).toEqual({ email: 0 });
  });
});

const file = (...lines: string[]) => lines.join("\r\n");

describe("readClientCsv", () => {
  it("reads individuals and businesses, as the file says or as their columns show", () => {
    const read = readClientCsv(
      file(
        "Type;Civilité;Prénom;Nom;Raison sociale;E-mail;Téléphone;Ville;SIRET",
        "Particulier;Madame;Claire;Martin;;claire@exemple.fr;;Lyon;",
        ";M;Jean;Dupont;;;06 12 34 56 78;Bron;",
        ";;Paul;Roux;SCI Les Tilleuls;gestion@tilleuls.fr;;Lyon;303 265 045 00011",
        "Pro;;;Mairie de Bron;;technique@bron.fr;;Bron;",
        ";;;SARL Dupont & Fils;;contact@dupont.fr;;;",
        ";;;Mme Julie Petit;;julie@exemple.fr;;;",
      ),
    );
    expect(read.fileErrors).toEqual([]);
    expect(read.errors).toEqual([]);
    const values = read.candidates.map(({ line, values: v }) => [line, v.type, v.name, v.contacts.map((c) => c.name)]);
    expect(values).toEqual([
      [2, "particulier", "Mme Claire Martin", []],
      [3, "particulier", "M. Jean Dupont", []],
      // A business row with a person's name: that person is its contact.
      [4, "professionnel", "SCI Les Tilleuls", ["Paul Roux"]],
      [5, "professionnel", "Mairie de Bron", []],
      // No type, a name alone: the rule of the clients written before types (ADR 0012).
      [6, "professionnel", "SARL Dupont & Fils", []],
      [7, "particulier", "Mme Julie Petit", []],
    ]);
    expect(read.candidates[2]?.values.siret).toBe("30326504500011");
    expect(read.candidates[5]?.values).toMatchObject({ civility: "Mme", first_name: "Julie", last_name: "Petit" });
  });

  it("reports each bad row with its line, its name and the API's French messages", () => {
    const read = readClientCsv(
      file(
        "Nom;E-mail;Téléphone;SIRET;Type;Civilité",
        "Bon client;bon@exemple.fr;;;;",
        "Sans contact;;;;;",
        "Mauvais mail;pas-un-mail;;;;",
        "Mauvais SIRET;x@exemple.fr;;303265046;Professionnel;",
        "Type inconnu;y@exemple.fr;;;Fournisseur;",
        "Civilité inconnue;z@exemple.fr;;;;Dr",
        ";sans-nom@exemple.fr;;;;",
      ),
    );
    expect(read.candidates.map((c) => c.line)).toEqual([2]);
    expect(read.errors).toEqual([
      { line: 3, name: "Sans contact", messages: [CLIENT_TEXTS.contactRequiredService] },
      { line: 4, name: "Mauvais mail", messages: [CLIENT_TEXTS.emailInvalid] },
      { line: 5, name: "Mauvais SIRET", messages: [CLIENT_TEXTS.sirenKey] },
      { line: 6, name: "Type inconnu", messages: [CLIENT_CSV_TEXTS.unknownType("Fournisseur")] },
      { line: 7, name: "Civilité inconnue", messages: [CLIENT_CSV_TEXTS.unknownCivility("Dr")] },
      { line: 8, name: "", messages: [CLIENT_TEXTS.nameRequiredService] },
    ]);
  });

  it("refuses a file without a name column, an empty one, and a mapping to a column it lacks", () => {
    expect(readClientCsv("").fileErrors).toEqual([CLIENT_CSV_TEXTS.empty]);
    expect(readClientCsv(file("Col1;Col2", "a;b")).fileErrors).toEqual([CLIENT_CSV_TEXTS.noName]);
    expect(readClientCsv(file("Col1;Col2", "a;b"), { last_name: 5 }).fileErrors).toEqual([
      CLIENT_CSV_TEXTS.noSuchColumn(5),
      CLIENT_CSV_TEXTS.noName,
    ]);
  });

  it("follows the mapping the user chose over the headers", () => {
    const text = file("Col1;Col2;Col3", "Dupont;dupont@exemple.fr;Lyon", "Martin;martin@exemple.fr;Bron");
    const read = readClientCsv(text, { last_name: 0, email: 1, city: 2, phone: null });
    expect(read.mapping).toEqual({ last_name: 0, email: 1, city: 2 });
    expect(read.sample).toEqual([
      ["Dupont", "dupont@exemple.fr", "Lyon"],
      ["Martin", "martin@exemple.fr", "Bron"],
    ]);
    expect(read.candidates.map((c) => [c.values.name, c.values.email, c.values.city])).toEqual([
      ["Dupont", "dupont@exemple.fr", "Lyon"],
      ["Martin", "martin@exemple.fr", "Bron"],
    ]);
  });
});

function candidate(line: number, values: Partial<ClientValues>): ClientCandidate {
  return {
    line,
    values: {
      type: "particulier",
      name: `Client ${line}`,
      civility: null,
      first_name: null,
      last_name: `Client ${line}`,
      company_name: null,
      siret: null,
      vat_number: null,
      email: null,
      phone: null,
      address: null,
      postal_code: null,
      city: null,
      notes: null,
      contacts: [],
      addresses: [],
      ...values,
    },
  };
}

describe("readClientCsv: files as French Excel writes them", () => {
  const file = [
    "Civilité;Prénom;Nom;Téléphone;Ville",
    "Mme;Zoé;Lefèvre;06 12 34 56 78;Orléans",
    "M.;Jérôme;Bœuf;;Sète",
  ];

  it("reads a Windows-1252 file: « Prénom » and « Téléphone » recognised, « Lefèvre » intact", () => {
    const read = readClientCsv(decodeCsv(windows1252(file.join("\r\n"))));
    expect(read.mapping).toEqual({ civility: 0, first_name: 1, last_name: 2, phone: 3, city: 4 });
    expect(read.candidates[0]?.values).toMatchObject({
      name: "Mme Zoé Lefèvre",
      first_name: "Zoé",
      last_name: "Lefèvre",
      phone: "06 12 34 56 78",
      city: "Orléans",
    });
  });

  it("reads UTF-8 with its byte-order mark, and commas as well as semicolons", () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(file.join("\n"))]);
    const commas = file.map((line) => line.replaceAll(";", ",")).join("\n");
    for (const text of [decodeCsv(bom), commas]) {
      const read = readClientCsv(text);
      expect(read.header).toEqual(["Civilité", "Prénom", "Nom", "Téléphone", "Ville"]);
      expect(read.candidates[0]?.values).toMatchObject({ first_name: "Zoé", last_name: "Lefèvre" });
    }
  });

  it("fails a row with a replacement character or a NUL, alone: the others are imported", () => {
    const text = [
      "Nom;Prénom;E-mail",
      "Lef\uFFFDvre;Zoé;zoe@exemple.fr",
      "Dupont;Jean;jean@exemple.fr",
      "Martin;Cla\u0000ire;claire@exemple.fr",
      "Roux;Paul;pas-un-mail\uFFFD",
    ].join("\r\n");
    const read = readClientCsv(text);
    expect(read.fileErrors).toEqual([]);
    expect(read.candidates.map((c) => c.line)).toEqual([3]);
    expect(read.errors).toEqual([
      { line: 2, name: "Zoé Lef\uFFFDvre", messages: [CSV_TEXTS.replacementCharacter] },
      { line: 4, name: "Cla\u0000ire Martin", messages: [CSV_TEXTS.nulCharacter] },
      { line: 5, name: "Paul Roux", messages: [CSV_TEXTS.replacementCharacter, CLIENT_TEXTS.emailInvalid] },
    ]);
  });

  it("refuses a file whose header holds a replacement character: its columns cannot be trusted", () => {
    const read = readClientCsv("Nom;Pr\uFFFDnom\r\nDupont;Jean");
    expect(read.fileErrors).toContain(CSV_TEXTS.unreadableHeader);
    expect(read.candidates).toEqual([]);
  });
});

describe("planClientImport", () => {
  const book = [
    { id: "c1", name: "Dupont", email: "dupont@exemple.fr", siren: null },
    { id: "c2", name: "SCI Tilleuls", email: null, siren: "303265045" },
  ];

  it("finds the rows that repeat a client of the book or an earlier row, by e-mail (any case) or SIREN", () => {
    const plan = planClientImport(
      [
        candidate(2, { email: "DUPONT@exemple.fr", phone: "0600000000" }),
        candidate(3, { type: "professionnel", siret: "30326504500011" }),
        candidate(4, { email: "neuf@exemple.fr" }),
        candidate(5, { email: "Neuf@exemple.fr", city: "Lyon" }),
        candidate(6, { email: "autre@exemple.fr" }),
      ],
      book,
      { byDefault: "merge" },
    );
    expect(plan.duplicates.map((d) => [d.line, d.by, d.key, d.match, d.action])).toEqual([
      [2, "email", "dupont@exemple.fr", { client_id: "c1", line: null, name: "Dupont" }, "merge"],
      [3, "siren", "303265045", { client_id: "c2", line: null, name: "SCI Tilleuls" }, "merge"],
      [5, "email", "neuf@exemple.fr", { client_id: null, line: 4, name: "Client 4" }, "merge"],
    ]);
    expect(plan.creates.map((c) => c.line)).toEqual([4, 6]);
    // Merged into the earlier row before it is added: its empty city filled.
    expect(plan.creates[0]?.values.city).toBe("Lyon");
    expect(plan.merges.map((m) => [m.clientId, m.lines])).toEqual([
      ["c1", [2]],
      ["c2", [3]],
    ]);
  });

  it("creates anyway or ignores a duplicate when asked, line by line", () => {
    const rows = [candidate(2, { email: "dupont@exemple.fr" }), candidate(3, { email: "dupont@exemple.fr" })];
    const plan = planClientImport(rows, book, { byDefault: "skip", actions: { "3": "create" } });
    expect(plan.duplicates.map((d) => [d.line, d.action])).toEqual([
      [2, "skip"],
      [3, "create"],
    ]);
    expect(plan.skipped).toEqual([2]);
    expect(plan.creates.map((c) => c.line)).toEqual([3]);
    expect(plan.merges).toEqual([]);
  });

  it("folds several rows merged into one client of the book, the first one's values first", () => {
    const plan = planClientImport(
      [
        candidate(2, { email: "dupont@exemple.fr", phone: "0600000001" }),
        candidate(3, { email: "dupont@exemple.fr", phone: "0600000002", city: "Lyon" }),
      ],
      book,
      { byDefault: "merge" },
    );
    expect(plan.merges).toHaveLength(1);
    expect(plan.merges[0]).toMatchObject({
      clientId: "c1",
      lines: [2, 3],
      values: { phone: "0600000001", city: "Lyon" },
    });
  });
});

describe("fillEmpty", () => {
  it("fills only what is empty, keeps the identity, adds a business's new contacts", () => {
    const target = candidate(2, {
      type: "professionnel",
      name: "SCI Tilleuls",
      last_name: null,
      company_name: "SCI Tilleuls",
      email: "a@exemple.fr",
      siret: "30326504500011",
      contacts: [{ name: "Claire Martin", role: null, phone: null, email: null }],
    }).values;
    const from = candidate(3, {
      name: "Autre nom",
      email: "b@exemple.fr",
      phone: "0600000000",
      vat_number: "FR40303265045",
      siret: "30326504500029",
      contacts: [
        { name: "claire martin", role: "Gérante", phone: null, email: null },
        { name: "Paul Roux", role: null, phone: null, email: null },
      ],
    }).values;
    expect(fillEmpty(target, from)).toMatchObject({
      name: "SCI Tilleuls",
      email: "a@exemple.fr",
      phone: "0600000000",
      siret: "30326504500011",
      vat_number: "FR40303265045",
      contacts: [{ name: "Claire Martin" }, { name: "Paul Roux" }],
    });
    // A VAT number of another SIREN is not taken.
    expect(fillEmpty(target, { ...from, siret: "44306184100047", vat_number: "FR64443061841" }).vat_number).toBeNull();
  });
});

describe("export", () => {
  const record = (overrides: Partial<ClientRecord>): ClientRecord => ({
    id: "00000000-0000-4000-8000-000000000001",
    name: "Mme Claire Martin",
    type: "particulier",
    civility: "Mme",
    first_name: "Claire",
    last_name: "Martin",
    company_name: null,
    siret: null,
    vat_number: null,
    email: "claire@exemple.fr",
    phone: "06 12 34 56 78",
    address: "3 rue Haute",
    postal_code: "69004",
    city: "Lyon",
    notes: "Code ; 1234\nau fond",
    is_active: true,
    created_at: "2026-03-05T10:00:00.000Z",
    updated_at: "2026-03-05T10:00:00.000Z",
    contacts: [],
    addresses: [],
    ...overrides,
  });

  it("writes what a French spreadsheet reads, SIRET as text, contacts and worksites for reading", () => {
    const rows = clientCsvRows([
      record({}),
      record({
        type: "professionnel",
        name: "SCI Tilleuls",
        civility: null,
        first_name: null,
        last_name: null,
        company_name: "SCI Tilleuls",
        siret: "30326504500011",
        vat_number: "FR40303265045",
        is_active: false,
        contacts: [{ id: "x", name: "Paul Roux", role: "Gérant", phone: "06 00 00 00 00", email: null }],
        addresses: [
          {
            id: "y",
            label: "Bâtiment B",
            address: "6 rue des Tilleuls",
            postal_code: "69003",
            city: "Lyon",
            premises: null,
          },
        ],
      }),
    ]);
    expect(rows[0]?.slice(0, 7)).toEqual([
      "Type",
      "Civilité",
      "Prénom",
      "Nom",
      "Raison sociale",
      "SIRET",
      "TVA intracommunautaire",
    ]);
    expect(rows[1]?.slice(0, 5)).toEqual(["Particulier", "Mme", "Claire", "Martin", ""]);
    expect(rows[1]?.[14]).toBe("05/03/2026");
    expect(rows[2]?.slice(0, 7)).toEqual([
      "Professionnel",
      "",
      "",
      "",
      "SCI Tilleuls",
      "303 265 045 00011",
      "FR40303265045",
    ]);
    expect(rows[2]?.slice(13)).toEqual([
      "Non",
      "05/03/2026",
      "Paul Roux, Gérant, 06 00 00 00 00",
      "Bâtiment B, 6 rue des Tilleuls, 69003 Lyon",
    ]);
    const csv = toCsv(rows);
    expect(csv.startsWith("\uFEFFType;Civilité;")).toBe(true);
    expect(csv).toContain('"Code ; 1234\nau fond"');
  });

  it("reads back what it wrote (property): same type, identity, SIRET, VAT number and contact details", () => {
    const text = fc
      .stringMatching(/^[A-Za-zÀ-ÿ' ;"-]{1,20}$/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0 && !s.includes("  "));
    const client = fc.record({
      business: fc.boolean(),
      name: text,
      first: fc.option(text, { nil: null }),
      email: fc.option(fc.constantFrom("a@exemple.fr", "b.c@exemple.fr"), { nil: null }),
      city: fc.option(text, { nil: null }),
      notes: fc.option(text, { nil: null }),
    });
    fc.assert(
      fc.property(client, (c) => {
        const business = c.business;
        const exported = record({
          type: business ? "professionnel" : "particulier",
          name: business ? c.name : [c.first, c.name].filter(Boolean).join(" "),
          civility: null,
          first_name: business ? null : c.first,
          last_name: business ? null : c.name,
          company_name: business ? c.name : null,
          siret: business ? "30326504500011" : null,
          vat_number: business ? "FR40303265045" : null,
          email: c.email ?? "x@exemple.fr",
          city: c.city,
          notes: c.notes,
        });
        const read = readClientCsv(toCsv(clientCsvRows([exported])));
        expect(read.errors).toEqual([]);
        const [back] = read.candidates;
        expect(back?.values).toMatchObject({
          type: exported.type,
          name: exported.name,
          first_name: exported.first_name,
          last_name: exported.last_name,
          company_name: exported.company_name,
          siret: exported.siret,
          vat_number: exported.vat_number,
          email: exported.email,
          city: exported.city,
          notes: exported.notes,
        });
      }),
    );
    expect(parseCsv(toCsv([["a"]]))).toEqual([["a"]]);
  });
});
