import { bearer, createTestCompany, login, setupApp } from "@server/test/helpers";
import { CLIENT_TEXTS } from "@shared/clients";
import { addDays, parisToday } from "@shared/dates";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import { beforeAll, describe, expect, it } from "vitest";

/** Clients as individuals or businesses (ADR 0012, docs/domain/clients.md#types) through HTTP. */

const { app, db } = await setupApp();
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  const company = await createTestCompany(db, "Types SARL");
  const other = await createTestCompany(db, "Autre SARL");
  admin = (await login(app, company.emails.admin)).token;
  otherAdmin = (await login(app, other.emails.admin)).token;
});

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Client = {
  id: string;
  name: string;
  type: string;
  contacts: { id: string; name: string }[];
  addresses: { id: string; label: string | null; address: string }[];
  [key: string]: unknown;
};

async function create(payload: object, token = admin): Promise<Client> {
  const res = await api(token, "POST", "/api/clients", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The spec's PUT body of a client as read: its fields and is_active, nothing of the typed ones. */
const specBody = (c: Client, changes: object = {}) => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address,
  postal_code: c.postal_code,
  city: c.city,
  notes: c.notes,
  is_active: c.is_active,
  ...changes,
});

const BUSINESS = {
  type: "professionnel",
  name: "ignoré : calculé",
  company_name: " SCI Les Tilleuls ",
  siret: "303 265 045 00011",
  vat_number: "fr 40 303 265 045",
  email: "gestion@tilleuls.fr",
  address: "4 rue des Tilleuls",
  postal_code: "69003",
  city: "Lyon",
  contacts: [
    { name: "Claire Martin", role: "Gérante", phone: "06 11 22 33 44", email: "claire@tilleuls.fr" },
    { name: "Paul Roux", role: "Comptable" },
  ],
  addresses: [
    { label: "Bâtiment B", address: "6 rue des Tilleuls", postal_code: "69003", city: "Lyon" },
    { address: "12 chemin des Vignes", city: "Bron" },
  ],
};

describe("POST /api/clients with a type", () => {
  it("creates an individual: civility, first and last name make its name", async () => {
    const client = await create({
      type: "particulier",
      name: "peu importe",
      civility: "Mme",
      first_name: " Claire ",
      last_name: "Martin",
      phone: "06 12 34 56 78",
    });
    expect(client).toMatchObject({
      name: "Mme Claire Martin",
      type: "particulier",
      civility: "Mme",
      first_name: "Claire",
      last_name: "Martin",
      company_name: null,
      siret: null,
      vat_number: null,
      contacts: [],
      addresses: [],
    });
  });

  it("creates a business with its SIRET and VAT number normalised, its contacts and worksite addresses in order", async () => {
    const client = await create(BUSINESS);
    expect(client).toMatchObject({
      name: "SCI Les Tilleuls",
      type: "professionnel",
      civility: null,
      first_name: null,
      last_name: null,
      company_name: "SCI Les Tilleuls",
      siret: "30326504500011",
      vat_number: "FR40303265045",
      address: "4 rue des Tilleuls",
      contacts: [
        { name: "Claire Martin", role: "Gérante", phone: "06 11 22 33 44", email: "claire@tilleuls.fr" },
        { name: "Paul Roux", role: "Comptable", phone: null, email: null },
      ],
      addresses: [
        { label: "Bâtiment B", address: "6 rue des Tilleuls", postal_code: "69003", city: "Lyon" },
        { label: null, address: "12 chemin des Vignes", postal_code: null, city: "Bron" },
      ],
    });
    expect(client.contacts.every((c) => /^[0-9a-f-]{36}$/.test(c.id))).toBe(true);
    const read = (await api(admin, "GET", `/api/clients/${client.id}`)).json();
    expect(read).toEqual(client);
  });

  it("takes the name as the raison sociale of a business given nothing else", async () => {
    const client = await create({
      type: "professionnel",
      name: "Mairie de Bron",
      siret: "303265045",
      phone: "0478000000",
    });
    expect(client).toMatchObject({ type: "professionnel", name: "Mairie de Bron", company_name: "Mairie de Bron" });
    expect(client.siret).toBe("303265045");
  });

  it("accepts La Poste's establishments, checked by the sum of their digits", async () => {
    const client = await create({
      type: "professionnel",
      name: "La Poste Bron",
      siret: "35600000000015",
      phone: "3631",
    });
    expect(client.siret).toBe("35600000000015");
  });

  it("guesses nothing from a spec body: an individual whose last name is the name, whatever it holds", async () => {
    const client = await create({ name: "SARL Dupont", email: "contact@dupont.fr", siret: "303265045" });
    expect(client).toMatchObject({
      type: "particulier",
      name: "SARL Dupont",
      last_name: "SARL Dupont",
      company_name: null,
      // An individual has no SIRET: what only a business has is not kept.
      siret: null,
    });
  });

  it.each([
    [{ siret: "303 265 046" }, "siret", CLIENT_TEXTS.sirenKey],
    [{ siret: "30326504500012" }, "siret", CLIENT_TEXTS.siretKey],
    [{ siret: "3032650450001" }, "siret", CLIENT_TEXTS.siretLength],
    [{ siret: "ABC" }, "siret", CLIENT_TEXTS.siretLength],
    [{ vat_number: "FR41303265045" }, "vat_number", CLIENT_TEXTS.vatKey],
    [{ vat_number: "FR64443061841" }, "vat_number", CLIENT_TEXTS.vatSirenMismatch],
    [{ vat_number: "123" }, "vat_number", CLIENT_TEXTS.vatFormat],
    // As electronic invoicing checks them (einvoice-rules.ts): a SIRET whose own key is right but whose
    // SIREN's is not, a VAT key right for 9 digits that are no SIREN.
    [{ siret: "30326504600019" }, "siret", EINVOICE_TEXTS.siretKey],
    [{ siret: null, vat_number: "FR43303265046" }, "vat_number", EINVOICE_TEXTS.vatSiren],
    [{ company_name: "", name: "" }, "name", CLIENT_TEXTS.nameRequiredService],
    [{ type: "association" }, "type", CLIENT_TEXTS.typeInvalid],
    [{ contacts: [{ name: " ", email: "x@y.fr" }] }, "contacts.0.name", CLIENT_TEXTS.contactNameRequired],
    [{ contacts: [{ name: "A", email: "pas-un-mail" }] }, "contacts.0.email", CLIENT_TEXTS.emailInvalid],
    [{ addresses: [{ label: "Dépôt", address: "" }] }, "addresses.0.address", CLIENT_TEXTS.addressRequired],
    [{ contacts: Array.from({ length: 51 }, (_, i) => ({ name: `C${i}` })) }, "contacts", CLIENT_TEXTS.tooManyContacts],
  ])("refuses a business with %j (400, French message on its field)", async (changes, path, message) => {
    const res = await api(admin, "POST", "/api/clients", { ...BUSINESS, ...changes });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe("VALIDATION_ERROR");
    expect(res.json().details).toContainEqual({ path, message });
  });

  it("refuses an individual's unknown civility and an individual without last name", async () => {
    const civility = await api(admin, "POST", "/api/clients", {
      type: "particulier",
      name: "X",
      civility: "Dr",
      last_name: "Faure",
      phone: "0600000000",
    });
    expect(civility.json().details).toContainEqual({ path: "civility", message: CLIENT_TEXTS.civilityInvalid });
    const noLast = await api(admin, "POST", "/api/clients", {
      type: "particulier",
      name: "Claire",
      first_name: "Claire",
      phone: "0600000000",
    });
    expect(noLast.statusCode).toBe(400);
    expect(noLast.json().details).toContainEqual({ path: "last_name", message: CLIENT_TEXTS.nameRequiredService });
  });
});

describe("PUT /api/clients/:id and the typed fields", () => {
  it("keeps a business's type, SIRET, contacts and addresses on a spec body; a new name is its raison sociale", async () => {
    const client = await create(BUSINESS);
    const same = await api(admin, "PUT", `/api/clients/${client.id}`, specBody(client, { phone: "04 78 00 00 00" }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual({ ...client, phone: "04 78 00 00 00", updated_at: same.json().updated_at });
    const renamed = await api(admin, "PUT", `/api/clients/${client.id}`, specBody(client, { name: "SCI Tilleuls" }));
    expect(renamed.json()).toMatchObject({
      type: "professionnel",
      name: "SCI Tilleuls",
      company_name: "SCI Tilleuls",
      siret: "30326504500011",
      contacts: client.contacts,
      addresses: client.addresses,
    });
  });

  it("renames an individual from a spec body: the whole new name is the last name", async () => {
    const client = await create({
      type: "particulier",
      name: "x",
      civility: "M.",
      first_name: "Jean",
      last_name: "Roux",
      phone: "0600000000",
    });
    expect(client.name).toBe("M. Jean Roux");
    const same = (await api(admin, "PUT", `/api/clients/${client.id}`, specBody(client))).json();
    expect(same).toMatchObject({ civility: "M.", first_name: "Jean", last_name: "Roux" });
    const renamed = (
      await api(admin, "PUT", `/api/clients/${client.id}`, specBody(client, { name: "Famille Roux" }))
    ).json();
    expect(renamed).toMatchObject({
      name: "Famille Roux",
      civility: null,
      first_name: null,
      last_name: "Famille Roux",
    });
  });

  it("updates contacts and addresses in place by id, adds the new ones, removes the missing ones", async () => {
    const client = await create(BUSINESS);
    const [claire, paul] = client.contacts;
    const [building, vines] = client.addresses;
    const theirs = await create({ ...BUSINESS, email: "autre@exemple.fr" }, otherAdmin);
    const res = await api(admin, "PUT", `/api/clients/${client.id}`, {
      ...specBody(client),
      contacts: [
        { id: paul?.id, name: "Paul Roux", role: "Directeur financier" },
        { name: "Nina Blanc", role: "Assistante", email: "nina@tilleuls.fr" },
        // Another company's contact id: a new contact here, theirs untouched.
        { id: theirs.contacts[0]?.id, name: "Intrus" },
      ],
      addresses: [{ id: vines?.id, label: "Vignes", address: "12 chemin des Vignes", city: "Bron" }, building],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Client;
    expect(updated.contacts.map((c) => [c.name, c.id === paul?.id])).toEqual([
      ["Paul Roux", true],
      ["Nina Blanc", false],
      ["Intrus", false],
    ]);
    expect(updated.contacts.map((c) => c.id)).not.toContain(claire?.id);
    expect(updated.contacts.map((c) => c.id)).not.toContain(theirs.contacts[0]?.id);
    expect(updated.addresses.map((a) => [a.id, a.label])).toEqual([
      [vines?.id, "Vignes"],
      [building?.id, "Bâtiment B"],
    ]);
    const untouched = (await api(otherAdmin, "GET", `/api/clients/${theirs.id}`)).json() as Client;
    expect(untouched.contacts).toEqual(theirs.contacts);
  });

  it("turns a business into an individual: its SIRET, VAT number and contacts go, its worksites stay", async () => {
    const client = await create(BUSINESS);
    const res = await api(admin, "PUT", `/api/clients/${client.id}`, {
      ...specBody(client),
      type: "particulier",
      civility: "Mme",
      first_name: "Claire",
      last_name: "Martin",
    });
    expect(res.json()).toMatchObject({
      type: "particulier",
      name: "Mme Claire Martin",
      company_name: null,
      siret: null,
      vat_number: null,
      contacts: [],
      addresses: client.addresses,
    });
  });

  it("checks the client as it will be: a VAT number must hold the stored SIREN", async () => {
    const client = await create(BUSINESS);
    const res = await api(admin, "PUT", `/api/clients/${client.id}`, {
      ...specBody(client),
      vat_number: "FR64443061841",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: CLIENT_TEXTS.vatSirenMismatch,
      details: [{ path: "vat_number", message: CLIENT_TEXTS.vatSirenMismatch }],
    });
    expect((await api(admin, "GET", `/api/clients/${client.id}`)).json().vat_number).toBe("FR40303265045");
  });
});

describe("GET /api/clients with contacts and addresses", () => {
  it("answers every client of the page with its contacts and worksite addresses", async () => {
    const tag = `Liste ${Date.now()}`;
    await create({ ...BUSINESS, company_name: `${tag} A` });
    await create({
      type: "particulier",
      name: "x",
      last_name: `${tag} B`,
      phone: "0600000000",
      addresses: [{ address: "1 rue B" }],
    });
    const res = await api(admin, "GET", `/api/clients?search=${encodeURIComponent(tag)}`);
    const data = res.json().data as Client[];
    expect(data.map((c) => [c.name, c.contacts.length, c.addresses.length])).toEqual([
      [`${tag} A`, 2, 2],
      [`${tag} B`, 0, 1],
    ]);
    const unfiltered = (await api(admin, "GET", "/api/clients?limit=1000")).json().data as Client[];
    expect(unfiltered.find((c) => c.name === `${tag} A`)?.contacts.map((c) => c.name)).toEqual([
      "Claire Martin",
      "Paul Roux",
    ]);
  });
});

describe("the detail's figures count what the client has (docs/domain/clients.md#figures)", () => {
  it("« CA validé HT » sums the validated quotes after discount, « En attente HT » the sent ones still valid", async () => {
    const client = await create({ name: "Client chiffré HT", phone: "0611223355" });
    const today = parisToday();
    const line = (price: number) => [
      { name: "Forfait", quantity: 1, unit: "forfait", unit_price: price, tax_rate: 20 },
    ];
    const quote = async (status: string, price: number, extra: object = {}) => {
      const res = await api(admin, "POST", "/api/quotes", {
        name: `Devis ${status} ${price}`,
        client_id: client.id,
        status,
        date: addDays(today, -40),
        valid_until: addDays(today, 10),
        items: line(price),
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await quote("valide", 1000, { discount_percentage: 10 });
    await quote("valide", 250.5);
    await quote("envoye au client", 400);
    await quote("client relance", 100, { valid_until: today });
    await quote("envoye au client", 999, { valid_until: addDays(today, -1) });
    await quote("en cours de redaction", 5000);
    await quote("refuse", 700);
    const res = await api(admin, "GET", `/api/clients/${client.id}?include=stats`);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats).toMatchObject({
      total_quotes: 7,
      quotes_accepted: 2,
      quotes_pending: 2,
      quotes_expired: 1,
      quotes_in_progress: 1,
      quotes_rejected: 1,
      conversion_rate: 66.7,
      // 1 000 − 10 % + 250,50: never 0 € for a client whose quotes were validated.
      validated_amount_ht: 1150.5,
      // 400 + 100 (valid until today); the one past its validity date is not pending.
      pending_amount_ht: 500,
    });
  });
});
