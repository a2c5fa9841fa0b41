import { bearer, createTestCompany, createTestSuperadmin, login, setupApp } from "@server/test/helpers";
import { CLIENT_CSV_TEXTS } from "@shared/client-csv";
import { CLIENT_TEXTS } from "@shared/clients";
import { CSV_TEXTS, parseCsv } from "@shared/csv";
import { beforeAll, describe, expect, it } from "vitest";

/** CSV import and export of the client book (docs/domain/clients.md#csv) through HTTP. */

const { app, db } = await setupApp();
let admin: string;
let chef: string;
let compagnon: string;
let norole: string;
let otherAdmin: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Import SARL");
  const other = await createTestCompany(db, "Voisin SARL");
  admin = (await login(app, company.emails.admin)).token;
  chef = (await login(app, company.emails.chef)).token;
  compagnon = (await login(app, company.emails.compagnon)).token;
  norole = (await login(app, company.emails.norole)).token;
  otherAdmin = (await login(app, other.emails.admin)).token;
});

const importCsv = (token: string, payload: object) =>
  app.inject({ method: "POST", url: "/api/clients/import", headers: bearer(token), payload });
const get = (token: string, url: string) => app.inject({ method: "GET", url, headers: bearer(token) });
const lines = (...rows: string[]) => rows.join("\r\n");

type Result = {
  file_errors: string[];
  headers: string[];
  mapping: Record<string, number>;
  sample: string[][];
  rows: number;
  valid: number;
  to_create: number;
  to_merge: number;
  to_skip: number;
  created: number;
  merged: number;
  errors: { line: number; name: string; messages: string[] }[];
  duplicates: { line: number; by: string; key: string; match: { client_id: string | null; line: number | null } }[];
  preview: { line: number; type: string; name: string }[];
};

async function search(token: string, term: string) {
  const res = await get(token, `/api/clients?limit=1000&search=${encodeURIComponent(term)}`);
  return res.json().data as Record<string, unknown>[];
}

describe("POST /api/clients/import", () => {
  it("previews a file from another software: columns by their French names, first rows, the 3 bad rows", async () => {
    const tag = `imp${Date.now().toString(36)}`;
    const csv = lines(
      "Société;Civilité;Prénom;Nom;Courriel;Tél.;Adresse;CP;Ville;N° SIRET;TVA intracom",
      `;Mme;Claire;Martin ${tag};claire.${tag}@exemple.fr;06 12 34 56 78;3 rue Haute;69004;Lyon;;`,
      `SCI Tilleuls ${tag};;Paul;Roux;sci.${tag}@exemple.fr;;4 rue des Tilleuls;69003;Lyon;303 265 045 00011;FR40303265045`,
      `;;;Sans contact ${tag};;;;;;;`,
      `;;;Mauvais mail ${tag};pas-un-mail;;;;;;`,
      `Mauvais SIRET ${tag};;;;bad.${tag}@exemple.fr;;;;;303265046;`,
      `;M.;Jean;Dupont ${tag};jean.${tag}@exemple.fr;;;;Bron;;`,
    );
    const res = await importCsv(admin, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as Result;
    expect(result).toMatchObject({
      file_errors: [],
      rows: 6,
      valid: 3,
      to_create: 3,
      created: 0,
      mapping: {
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
      },
    });
    expect(result.headers[9]).toBe("N° SIRET");
    expect(result.sample[0]?.[3]).toBe(`Martin ${tag}`);
    expect(result.errors).toEqual([
      { line: 4, name: `Sans contact ${tag}`, messages: [CLIENT_TEXTS.contactRequiredService] },
      { line: 5, name: `Mauvais mail ${tag}`, messages: [CLIENT_TEXTS.emailInvalid] },
      { line: 6, name: `Mauvais SIRET ${tag}`, messages: [CLIENT_TEXTS.sirenKey] },
    ]);
    expect(result.preview.map((p) => [p.line, p.type, p.name])).toEqual([
      [2, "particulier", `Mme Claire Martin ${tag}`],
      [3, "professionnel", `SCI Tilleuls ${tag}`],
      [7, "particulier", `M. Jean Dupont ${tag}`],
    ]);
    // A preview adds nothing.
    expect(await search(admin, tag)).toEqual([]);

    const committed = (await importCsv(admin, { csv, commit: true })).json() as Result;
    expect(committed).toMatchObject({ created: 3, to_create: 3, errors: result.errors });
    const added = await search(admin, tag);
    expect(added.map((c) => c.name)).toEqual([
      `M. Jean Dupont ${tag}`,
      `Mme Claire Martin ${tag}`,
      `SCI Tilleuls ${tag}`,
    ]);
    expect(added.find((c) => c.type === "professionnel")).toMatchObject({
      company_name: `SCI Tilleuls ${tag}`,
      siret: "30326504500011",
      vat_number: "FR40303265045",
      contacts: [{ name: "Paul Roux" }],
    });
    // Another company's book is not touched.
    expect(await search(otherAdmin, tag)).toEqual([]);
  });

  it("follows the columns the user chose", async () => {
    const tag = `map${Date.now().toString(36)}`;
    const csv = lines("A;B;C", `${tag} Un;un.${tag}@exemple.fr;Lyon`, `${tag} Deux;deux.${tag}@exemple.fr;Bron`);
    const auto = (await importCsv(admin, { csv })).json() as Result;
    expect(auto.file_errors).toEqual([CLIENT_CSV_TEXTS.noName]);
    expect(auto.headers).toEqual(["A", "B", "C"]);
    expect(auto.sample).toHaveLength(2);
    const mapped = (await importCsv(admin, { csv, mapping: { last_name: 0, email: 1, city: 2 } })).json() as Result;
    expect(mapped).toMatchObject({
      file_errors: [],
      valid: 2,
      to_create: 2,
      mapping: { last_name: 0, email: 1, city: 2 },
    });
    const beyond = (await importCsv(admin, { csv, mapping: { last_name: 0, email: 7 } })).json() as Result;
    expect(beyond.file_errors).toEqual([CLIENT_CSV_TEXTS.noSuchColumn(7)]);
  });

  it("proposes the duplicates by e-mail or SIREN, of the book and of the file, and does what is chosen for each", async () => {
    const tag = `dup${Date.now().toString(36)}`;
    const existing = await app.inject({
      method: "POST",
      url: "/api/clients",
      headers: bearer(admin),
      payload: { name: `Existant ${tag}`, email: `existant.${tag}@exemple.fr`, notes: "Gardée" },
    });
    const business = await app.inject({
      method: "POST",
      url: "/api/clients",
      headers: bearer(admin),
      payload: { type: "professionnel", name: `Pro ${tag}`, siret: "443061841", phone: "0478000000" },
    });
    const csv = lines(
      "Nom;E-mail;Téléphone;Ville;Notes;SIRET;Raison sociale",
      `Même mail ${tag};EXISTANT.${tag}@exemple.fr;06 00 00 00 01;Lyon;Écrasée ?;;`,
      `;contact.${tag}@pro.fr;;Bron;;44306184100047;Même SIREN ${tag}`,
      `Nouveau ${tag};nouveau.${tag}@exemple.fr;;;;;`,
      `Encore lui ${tag};nouveau.${tag}@exemple.fr;06 00 00 00 03;Vaulx;;;`,
      `Doublon créé ${tag};existant.${tag}@exemple.fr;06 00 00 00 04;;;;`,
    );
    const preview = (await importCsv(admin, { csv })).json() as Result;
    expect(preview.duplicates.map((d) => [d.line, d.by, d.match.client_id, d.match.line])).toEqual([
      [2, "email", existing.json().id, null],
      [3, "siren", business.json().id, null],
      [5, "email", null, 4],
      [6, "email", existing.json().id, null],
    ]);
    expect(preview).toMatchObject({ valid: 5, to_create: 1, to_merge: 4, to_skip: 0 });

    const choices = { duplicate_action: "merge", duplicates: { "3": "skip", "6": "create" } };
    const chosen = (await importCsv(admin, { csv, ...choices })).json() as Result;
    expect(chosen).toMatchObject({ to_create: 2, to_merge: 2, to_skip: 1 });
    const done = (await importCsv(admin, { csv, ...choices, commit: true })).json() as Result;
    expect(done).toMatchObject({ created: 2, merged: 2 });

    const book = await search(admin, tag);
    // Merged: the empty fields filled, what was there kept (name, notes).
    expect(book.find((c) => c.id === existing.json().id)).toMatchObject({
      name: `Existant ${tag}`,
      phone: "06 00 00 00 01",
      city: "Lyon",
      notes: "Gardée",
    });
    // Ignored: the business is as it was.
    expect(book.find((c) => c.id === business.json().id)).toMatchObject({ city: null, siret: "443061841" });
    // The row merged into an earlier row of the file filled it before it was added.
    expect(book.find((c) => c.name === `Nouveau ${tag}`)).toMatchObject({ phone: "06 00 00 00 03", city: "Vaulx" });
    expect(book.some((c) => c.name === `Encore lui ${tag}`)).toBe(false);
    // Created anyway.
    expect(book.some((c) => c.name === `Doublon créé ${tag}`)).toBe(true);
  });

  it.each([
    [{}, "csv", "Fichier CSV manquant"],
    [{ csv: "Nom\nA", mapping: { inconnu: 1 } }, "mapping", expect.stringMatching(/^Champ inconnu\s:\s«\sinconnu\s»$/)],
    [{ csv: "Nom\nA", mapping: { last_name: -1 } }, "mapping.last_name", "Numéro de colonne invalide"],
    [{ csv: "Nom\nA", duplicate_action: "tout" }, "duplicate_action", "Action invalide (merge, create ou skip)"],
    [{ csv: "Nom\nA", duplicates: { "2": "peut-être" } }, "duplicates.2", "Action invalide (merge, create ou skip)"],
  ])("refuses %j with a French message", async (payload, path, message) => {
    const res = await importCsv(admin, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toContainEqual({ path, message });
  });

  it("fails a row with a NUL or a replacement character alone: the other rows are imported", async () => {
    const tag = `nul${Date.now().toString(36)}`;
    const csv = lines(
      "Nom,Prénom,E-mail,Téléphone",
      `Lefèvre ${tag},Zoé,zoe.${tag}@exemple.fr,06 12 34 56 78`,
      `Dupont ${tag},Je\u0000an,jean.${tag}@exemple.fr,`,
      `Lef\uFFFDvre ${tag},Léa,lea.${tag}@exemple.fr,`,
      `Martin ${tag},Claire,claire.${tag}@exemple.fr,`,
    );
    const res = await importCsv(admin, { csv, commit: true });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as Result;
    expect(result).toMatchObject({ file_errors: [], rows: 4, valid: 2, created: 2 });
    expect(result.errors).toEqual([
      { line: 3, name: `Je\u0000an Dupont ${tag}`, messages: [CSV_TEXTS.nulCharacter] },
      { line: 4, name: `Léa Lef\uFFFDvre ${tag}`, messages: [CSV_TEXTS.replacementCharacter] },
    ]);
    const added = await search(admin, tag);
    expect(added.map((c) => [c.first_name, c.last_name, c.phone])).toEqual([
      ["Claire", `Martin ${tag}`, null],
      ["Zoé", `Lefèvre ${tag}`, "06 12 34 56 78"],
    ]);
    // A header read with the wrong encoding: nothing is imported, the file is refused in French.
    const header = (await importCsv(admin, { csv: `Nom;Pr\uFFFDnom\r\nRoux ${tag};Paul`, commit: true })).json();
    expect(header).toMatchObject({ created: 0 });
    expect(header.file_errors).toContain(CSV_TEXTS.unreadableHeader);
  });

  it("refuses a file of more than 10 000 rows whole", async () => {
    const csv = lines("Nom;E-mail", ...Array.from({ length: 10_001 }, (_, i) => `C${i};c${i}@x.fr`));
    const result = (await importCsv(admin, { csv, commit: true })).json() as Result;
    expect(result).toMatchObject({ file_errors: [CLIENT_CSV_TEXTS.tooManyRows], created: 0, valid: 0 });
  });

  it("needs clients:create: the Compagnon and a user without role are refused, a platform account has no company", async () => {
    for (const token of [compagnon, norole]) {
      const res = await importCsv(token, { csv: "Nom;E-mail\nA;a@b.fr", commit: true });
      expect(res.statusCode).toBe(403);
    }
    expect((await importCsv(chef, { csv: "Nom;E-mail\nA;a@b.fr" })).statusCode).toBe(200);
    const { token } = await login(app, await createTestSuperadmin(db));
    const platform = await importCsv(token, { csv: "Nom;E-mail\nA;a@b.fr" });
    expect(platform.statusCode).toBe(403);
    expect(platform.json().error).toBe(CLIENT_TEXTS.companyRequired);
  });
});

describe("GET /api/clients/export", () => {
  it("writes the filtered list for a French spreadsheet, and only the company's clients", async () => {
    const tag = `exp${Date.now().toString(36)}`;
    const post = (payload: object, token = admin) =>
      app.inject({ method: "POST", url: "/api/clients", headers: bearer(token), payload });
    await post({
      type: "particulier",
      name: "x",
      civility: "Mme",
      first_name: "Claire",
      last_name: `Martin ${tag}`,
      email: `c.${tag}@exemple.fr`,
    });
    const inactive = (
      await post({
        type: "professionnel",
        name: `SCI ${tag}`,
        siret: "30326504500011",
        vat_number: "FR40303265045",
        phone: "04 78 00 00 00",
        contacts: [{ name: "Paul Roux", role: "Gérant" }],
        addresses: [{ label: "Bâtiment B", address: "6 rue des Tilleuls", city: "Lyon" }],
      })
    ).json();
    const put = await app.inject({
      method: "PUT",
      url: `/api/clients/${inactive.id}`,
      headers: bearer(admin),
      payload: {
        name: inactive.name,
        email: null,
        phone: inactive.phone,
        address: null,
        postal_code: null,
        city: null,
        notes: "Ligne 1\nLigne 2 ; fin",
        is_active: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await post({ name: `Voisin ${tag}`, phone: "0600000000" }, otherAdmin);

    const res = await get(admin, `/api/clients/export?search=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith("\uFEFFType;Civilité;Prénom;Nom;Raison sociale;SIRET;")).toBe(true);
    expect(res.body).toContain("\r\n");
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[0])).toEqual(["Type", "Particulier", "Professionnel"]);
    expect(rows[1]?.slice(0, 4)).toEqual(["Particulier", "Mme", "Claire", `Martin ${tag}`]);
    expect(rows[2]).toEqual([
      "Professionnel",
      "",
      "",
      "",
      `SCI ${tag}`,
      "303 265 045 00011",
      "FR40303265045",
      "",
      "04 78 00 00 00",
      "",
      "",
      "",
      "Ligne 1\nLigne 2 ; fin",
      "Non",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      "Paul Roux, Gérant",
      "Bâtiment B, 6 rue des Tilleuls, Lyon",
    ]);
    const active = parseCsv((await get(admin, `/api/clients/export?search=${tag}&status=active`)).body);
    expect(active.map((r) => r[0])).toEqual(["Type", "Particulier"]);
    const theirs = parseCsv((await get(otherAdmin, `/api/clients/export?search=${tag}`)).body);
    expect(theirs.map((r) => r[3])).toEqual(["Nom", `Voisin ${tag}`]);
  });

  it("writes a table's selection (`ids`): those clients only, another company's ids matching nothing", async () => {
    const tag = `sel${Date.now().toString(36)}`;
    const post = async (name: string, token = admin) =>
      (
        await app.inject({
          method: "POST",
          url: "/api/clients",
          headers: bearer(token),
          payload: { name, phone: "0600000000" },
        })
      ).json().id as string;
    const first = await post(`Alpha ${tag}`);
    await post(`Beta ${tag}`);
    const third = await post(`Gamma ${tag}`);
    const theirs = await post(`Voisin ${tag}`, otherAdmin);

    const res = await get(admin, `/api/clients/export?ids=${first},${third},${theirs}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body).map((r) => r[3])).toEqual(["Nom", `Alpha ${tag}`, `Gamma ${tag}`]);
    // The list's filters still apply: the selection is intersected with them.
    const filtered = parseCsv((await get(admin, `/api/clients/export?ids=${first},${third}&search=Gamma`)).body);
    expect(filtered.map((r) => r[3])).toEqual(["Nom", `Gamma ${tag}`]);
    // Only the other company's id: nothing of theirs.
    expect(parseCsv((await get(admin, `/api/clients/export?ids=${theirs}`)).body)).toHaveLength(1);
  });

  it("refuses `ids` that are not UUIDs, or too many of them (400, French)", async () => {
    const bad = await get(admin, "/api/clients/export?ids=abc,12");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Identifiants invalides (des UUID séparés par des virgules)");
    const many = Array.from({ length: 201 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`);
    const tooMany = await get(admin, `/api/clients/export?ids=${many.join(",")}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain("200 identifiants au plus");
    expect((await get(norole, `/api/clients/export?ids=${many[0]}`)).statusCode).toBe(403);
  });

  it("reads back into the same clients (export, then import as preview)", async () => {
    const tag = `aller${Date.now().toString(36)}`;
    await app.inject({
      method: "POST",
      url: "/api/clients",
      headers: bearer(admin),
      payload: { type: "professionnel", name: `Mairie ${tag}`, siret: "303265045", email: `mairie.${tag}@exemple.fr` },
    });
    const csv = (await get(admin, `/api/clients/export?search=${tag}`)).body;
    const back = (await importCsv(otherAdmin, { csv })).json() as Result;
    expect(back).toMatchObject({ file_errors: [], errors: [], valid: 1 });
    expect(back.preview).toEqual([
      expect.objectContaining({ type: "professionnel", name: `Mairie ${tag}`, siret: "303265045" }),
    ]);
    // In the same company it is the same client: a duplicate by e-mail.
    expect((await importCsv(admin, { csv })).json().duplicates).toHaveLength(1);
  });

  it("is safe to open in a spreadsheet (no cell runs as a formula) and reads back whole: export, import, same clients", async () => {
    const tag = `formule${Date.now().toString(36)}`;
    const post = (payload: object) =>
      app.inject({ method: "POST", url: "/api/clients", headers: bearer(admin), payload });
    const business = {
      type: "professionnel",
      name: `=HYPERLINK("http://pirate.example";"${tag}")`,
      phone: "+33 6 12 34 56 78",
      notes: "@SUM(1+1)*cmd|' /C calc'!A0",
      city: "-Lyon",
    };
    const person = {
      type: "particulier",
      name: "x",
      first_name: "+Claire",
      last_name: `-Martin ${tag}`,
      email: `c.${tag}@exemple.fr`,
      address: "'=déjà protégé",
    };
    for (const payload of [business, person]) expect((await post(payload)).statusCode).toBe(201);

    const csv = (await get(admin, `/api/clients/export?search=${tag}`)).body;
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4);
    // Each text cell starting with = + - @ is written after a single quote; nothing else moves.
    const pro = lines.find((l) => l.startsWith("Professionnel;"));
    expect(pro).toContain(`;"'=HYPERLINK(""http://pirate.example"";""${tag}"")";`);
    expect(pro).toContain(";'+33 6 12 34 56 78;");
    expect(pro).toContain(";'-Lyon;'@SUM(1+1)*cmd|' /C calc'!A0;");
    const individual = lines.find((l) => l.startsWith("Particulier;"));
    expect(individual).toContain(`;'+Claire;'-Martin ${tag};`);
    expect(individual).toContain(";''=déjà protégé;");
    // No cell of the file, as a spreadsheet splits it, starts with a formula's character.
    for (const row of lines.slice(1, 3)) {
      for (const cell of row.split(/[;,]/)) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@\t\r]/);
    }

    // Imported into another book: the same clients, character for character.
    const done = (await importCsv(otherAdmin, { csv, commit: true })).json() as Result;
    expect(done).toMatchObject({ file_errors: [], errors: [], created: 2 });
    const back = await search(otherAdmin, tag);
    expect(back.find((c) => c.type === "professionnel")).toMatchObject({
      name: business.name,
      company_name: business.name,
      phone: business.phone,
      notes: business.notes,
      city: business.city,
    });
    expect(back.find((c) => c.type === "particulier")).toMatchObject({
      first_name: person.first_name,
      last_name: person.last_name,
      email: person.email,
      address: person.address,
    });
  });

  it("needs clients:view and refuses a bad filter in French", async () => {
    for (const token of [compagnon, norole]) expect((await get(token, "/api/clients/export")).statusCode).toBe(403);
    expect((await get(chef, "/api/clients/export")).statusCode).toBe(200);
    const bad = await get(admin, "/api/clients/export?status=archived");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Statut invalide (active ou inactive)");
  });
});
