import { clientCreateSchema, clientFormSchema, clientUpdateSchema } from "@shared/clients";
import { ApiError } from "@web/lib/api-client";
import { describe, expect, it } from "vitest";
import { fieldErrorsFrom, toClientPayload } from "./client-payload";

const empty = {
  civility: "",
  first_name: "",
  last_name: "",
  company_name: "",
  siret: "",
  vat_number: "",
  email: "",
  phone: "",
  address: "",
  postal_code: "",
  city: "",
  notes: "",
  contacts: [],
  addresses: [],
};

describe("toClientPayload", () => {
  const values = clientFormSchema.parse({
    ...empty,
    type: "particulier",
    first_name: "  Jean ",
    last_name: " Dupont ",
    // Typed while the client was a business: not kept for an individual.
    company_name: "SARL Dupont",
    siret: "303 265 045",
    phone: " 06 12 34 56 78 ",
    address: "   ",
    postal_code: "69001",
    city: "Lyon",
    is_active: false,
    addresses: [{ label: "", address: " 3 rue Haute ", postal_code: "69004", city: "Lyon" }],
  });

  it("leaves the empty optional values out of a creation (docs/domain/clients.md#form), without is_active", () => {
    expect(toClientPayload(values, "create")).toEqual({
      type: "particulier",
      name: "Jean Dupont",
      first_name: "Jean",
      last_name: "Dupont",
      phone: "06 12 34 56 78",
      postal_code: "69001",
      city: "Lyon",
      addresses: [{ label: null, address: "3 rue Haute", postal_code: "69004", city: "Lyon" }],
    });
    expect(clientCreateSchema.safeParse(toClientPayload(values, "create")).success).toBe(true);
  });

  it("sends the whole client on an edit: every field, null when emptied, is_active, contacts and addresses", () => {
    const payload = toClientPayload(values, "edit");
    expect(payload).toEqual({
      type: "particulier",
      name: "Jean Dupont",
      civility: null,
      first_name: "Jean",
      last_name: "Dupont",
      company_name: null,
      siret: null,
      vat_number: null,
      email: null,
      phone: "06 12 34 56 78",
      address: null,
      postal_code: "69001",
      city: "Lyon",
      notes: null,
      contacts: [],
      addresses: [{ label: null, address: "3 rue Haute", postal_code: "69004", city: "Lyon" }],
      is_active: false,
    });
    // What the server enforces for a PUT: every key, as published.
    const parsed = clientUpdateSchema.safeParse(payload);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(payload);
  });

  it("sends a business with its raison sociale as name, its SIRET, VAT number and contacts (ids kept)", () => {
    const business = clientFormSchema.parse({
      ...empty,
      type: "professionnel",
      civility: "Mme",
      last_name: "Martin",
      company_name: " SCI Les Tilleuls ",
      siret: "303 265 045 00011",
      vat_number: "fr 40 303265045",
      email: "gestion@tilleuls.fr",
      contacts: [
        { id: "0f1e2d3c-4b5a-4697-8877-665544332211", name: "Claire Martin", role: "Gérante", phone: "", email: "" },
      ],
    });
    expect(toClientPayload(business, "create")).toEqual({
      type: "professionnel",
      name: "SCI Les Tilleuls",
      company_name: "SCI Les Tilleuls",
      siret: "30326504500011",
      vat_number: "FR40303265045",
      email: "gestion@tilleuls.fr",
      contacts: [
        {
          id: "0f1e2d3c-4b5a-4697-8877-665544332211",
          name: "Claire Martin",
          role: "Gérante",
          phone: null,
          email: null,
        },
      ],
    });
  });
});

describe("clientFormSchema", () => {
  it("says what an individual or a business lacks, in the form's words", () => {
    const issues = (input: object) =>
      clientFormSchema.safeParse({ ...empty, ...input }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issues({ type: "particulier", first_name: "Jean" })).toEqual([
      ["last_name", "Le nom est obligatoire"],
      ["email", "Au moins un moyen de contact (téléphone ou e-mail) est requis"],
    ]);
    expect(issues({ type: "professionnel", last_name: "Dupont", phone: "0600000000" })).toEqual([
      ["company_name", "La raison sociale est obligatoire"],
    ]);
    expect(issues({ type: "professionnel", company_name: "X", phone: "0600000000", siret: "30326504500012" })).toEqual([
      ["siret", "SIRET invalide\u00a0: sa clé de contrôle ne correspond pas"],
    ]);
    expect(
      issues({
        type: "professionnel",
        company_name: "X",
        phone: "0600000000",
        siret: "44306184100047",
        vat_number: "FR40303265045",
      }),
    ).toEqual([["vat_number", "Le numéro de TVA ne correspond pas au SIREN du client"]]);
    expect(
      issues({ type: "professionnel", company_name: "X", phone: "0600000000", contacts: [{ name: " ", email: "x" }] }),
    ).toEqual([
      ["contacts.0.name", "Le nom du contact est obligatoire"],
      ["contacts.0.email", "Adresse e-mail invalide"],
    ]);
  });
});

describe("fieldErrorsFrom", () => {
  it("keeps the server's details that name a form field, first message per field", () => {
    const error = new ApiError("Adresse e-mail invalide", 400, "Bad Request", {
      code: "VALIDATION_ERROR",
      details: [
        { path: "email", message: "Adresse e-mail invalide" },
        { path: "email", message: "autre" },
        { path: "body.phone", message: "Numéro de téléphone invalide" },
        { path: "contacts.1.email", message: "Adresse e-mail invalide" },
        { path: "unknown", message: "ignoré" },
        { nope: true },
      ],
    });
    expect(fieldErrorsFrom(error)).toEqual([
      { field: "email", message: "Adresse e-mail invalide" },
      { field: "phone", message: "Numéro de téléphone invalide" },
      { field: "contacts.1.email", message: "Adresse e-mail invalide" },
    ]);
  });

  it("puts the display name's error on the last name of an individual, the raison sociale of a business", () => {
    const error = new ApiError("Le nom du client est obligatoire", 400, "Bad Request", {
      code: "VALIDATION_ERROR",
      details: [{ path: "name", message: "Le nom du client est obligatoire" }],
    });
    expect(fieldErrorsFrom(error, "particulier")).toEqual([
      { field: "last_name", message: "Le nom du client est obligatoire" },
    ]);
    expect(fieldErrorsFrom(error, "professionnel")).toEqual([
      { field: "company_name", message: "Le nom du client est obligatoire" },
    ]);
  });

  it("is empty for anything else", () => {
    expect(fieldErrorsFrom(new Error("x"))).toEqual([]);
    expect(fieldErrorsFrom(new ApiError("Conflit", 409, "Conflict", { code: "CONFLICT" }))).toEqual([]);
  });
});
