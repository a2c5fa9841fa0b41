import {
  ACCOUNTING_TEXTS,
  type AccountingSettings,
  accountingSettingsOf,
  accountingSettingsSchema,
  DEFAULT_ACCOUNTS,
} from "@shared/accounting";
import {
  COMPANY_TEXTS,
  type CompanyInfo,
  type CompanySettings,
  companyInfoSchema,
  companySettingsSchema,
} from "@shared/company";
import { EINVOICE_TEXTS } from "@shared/einvoice-rules";
import {
  DEFAULT_TEMPLATES,
  MESSAGE_TEXTS,
  type MessageTemplates,
  type VersionedMessageTemplates,
  versionedMessageTemplatesSchema,
} from "@shared/messages";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { spaced } from "@web/test/text";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  FakeAnswer,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  type Method,
  makeInfo,
  makeSettings,
  renderPage,
} from "../test/render";
import { CompanySettingsPage } from "./company-settings-page";

const toast = vi.mocked(appToast, true);

let api: FakeApi;
/** The text as the DOM queries read it (their default normaliser turns no-break spaces into spaces). */

interface ServerState {
  info: CompanyInfo;
  settings: CompanySettings;
  templates: VersionedMessageTemplates;
  accounting: AccountingSettings;
  /** Answer for the next PUT /company/info instead of saving. */
  infoFailure?: FakeAnswer;
}
let server: ServerState;

/** Each save makes a new version, as the server does (ADR 0024). */
let saves = 0;
const nextVersion = () => new Date(Date.UTC(2026, 10, 2, 8, 0, ++saves)).toISOString();

/** The company API over an in-memory state: GET/PUT info and settings, POST/DELETE logo. */
function serve() {
  api.get("/api/company/info", companyInfoSchema, () => server.info);
  api.get("/api/company/settings", companySettingsSchema, () => server.settings);
  api.get("/api/company/message-templates", versionedMessageTemplatesSchema, () => server.templates);
  api.get("/api/company/accounting", accountingSettingsSchema, () => server.accounting);
  api.put("/api/company/accounting", accountingSettingsSchema, ({ body }) => {
    server.accounting = { ...(body as AccountingSettings), updated_at: nextVersion() };
    return server.accounting;
  });
  api.put("/api/company/message-templates", versionedMessageTemplatesSchema, ({ body }) => {
    server.templates = { ...(body as MessageTemplates), updated_at: nextVersion() };
    return server.templates;
  });
  api.put("/api/company/info", companyInfoSchema, ({ body }) => {
    if (server.infoFailure) return server.infoFailure;
    server.info = { ...server.info, ...(body as Partial<CompanyInfo>), updated_at: nextVersion() };
    return server.info;
  });
  api.put("/api/company/settings", companySettingsSchema, ({ body }) => {
    server.settings = { ...(body as CompanySettings), updated_at: nextVersion() };
    return server.settings;
  });
  api.post(
    "/api/company/logo",
    companyInfoSchema,
    () => {
      server.info = { ...server.info, logo_url: "/api/files/abc?exp=1&sig=s" };
      return server.info;
    },
    200,
  );
  api.delete("/api/company/logo", () => {
    server.info = { ...server.info, logo_url: null };
    return new FakeAnswer(200, server.info);
  });
}

function calls(method: Method, url: string) {
  return api.requests(method, url);
}

// The page loads its forms lazily (React.lazy): their modules (zod, react-hook-form) are imported here
// once, so that no test's waiting time includes their first transform on a busy machine.
beforeAll(async () => {
  await Promise.all([
    import("./company-info-form"),
    import("./commercial-settings-form"),
    import("./message-templates-form"),
    import("./accounting-settings-form"),
  ]);
});

beforeEach(() => {
  installBrowserStubs();
  server = {
    info: makeInfo(),
    settings: makeSettings(),
    templates: { ...structuredClone(DEFAULT_TEMPLATES), updated_at: "2026-11-01T08:00:00.000Z" },
    accounting: { ...accountingSettingsOf(DEFAULT_ACCOUNTS), updated_at: "2026-11-01T08:00:00.000Z" },
  };
  api = fakeApi().install();
  serve();
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
  toast.error.mockReset();
});

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function saveButton(form: string) {
  return within(screen.getByRole("form", { name: form })).getByRole("button", { name: "Enregistrer" });
}

describe("CompanySettingsPage — Informations", () => {
  it("loads with « Chargement… », then the form filled from the server, saving disabled while pristine", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    expect(screen.getByRole("status").textContent).toBe("Chargement…");
    expect(await screen.findByDisplayValue("Durand Rénovation")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: /Informations/ }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tab", { name: /Paramètres commerciaux/ })).toBeTruthy();
    expect((screen.getByLabelText("Pays") as HTMLInputElement).value).toBe("France");
    expect((saveButton("Informations de l'entreprise") as HTMLButtonElement).disabled).toBe(true);
    type("Ville", "Villeurbanne");
    expect((saveButton("Informations de l'entreprise") as HTMLButtonElement).disabled).toBe(false);
  });

  it("shows « Email invalide » on the field without calling the server", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("E-mail", "pas-un-mail");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(COMPANY_TEXTS.emailInvalid)).toBeTruthy();
    const email = screen.getByLabelText("E-mail");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toContain(
      screen.getByText(COMPANY_TEXTS.emailInvalid).getAttribute("id") ?? "missing",
    );
    expect(calls("PUT", "/api/company/info")).toHaveLength(0);
  });

  it("requires the name", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("Nom de l’entreprise *", "   ");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(COMPANY_TEXTS.nameRequired)).toBeTruthy();
  });

  it("saves the identity: the body, the toast, and pristine again", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("SIRET", "812 345 676 00017");
    type("Numéro de TVA intracommunautaire", "FR19812345676");
    type("Complément d’adresse", "  ");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.infoUpdated));
    const body = calls("PUT", "/api/company/info")[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ siret: "812 345 676 00017", tva_number: "FR19812345676", address2: null });
    expect(body).not.toHaveProperty("logo_url");
    await waitFor(() => expect((saveButton("Informations de l'entreprise") as HTMLButtonElement).disabled).toBe(true));
  });

  it("checks the SIRET and the VAT number by their keys, without calling the server", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("SIRET", "812 345 676 00018");
    type("Numéro de TVA intracommunautaire", "FR20812345676");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(spaced(EINVOICE_TEXTS.siretKey))).toBeTruthy();
    expect(screen.getByText(spaced(EINVOICE_TEXTS.vatKey))).toBeTruthy();
    expect(screen.getByLabelText("SIRET").getAttribute("aria-invalid")).toBe("true");
    // Both right on their own, but the VAT number holds another SIREN.
    type("SIRET", "812 345 676 00017");
    type("Numéro de TVA intracommunautaire", "FR31523456788");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(spaced(COMPANY_TEXTS.tvaSirenMismatch))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(spaced(EINVOICE_TEXTS.siretKey))).toBeNull());
    expect(calls("PUT", "/api/company/info")).toHaveLength(0);
  });

  it("shows the IBAN in groups of 4, checks it and the BIC, and sends them without spaces", async () => {
    server.info = makeInfo({ iban: "FR7630004008230001045678943", bic: "BNPAFRPPXXX" });
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    expect(screen.getByRole("group", { name: "Coordonnées bancaires" })).toBeTruthy();
    expect((screen.getByLabelText("IBAN") as HTMLInputElement).value).toBe("FR76 3000 4008 2300 0104 5678 943");
    expect((screen.getByLabelText("BIC") as HTMLInputElement).value).toBe("BNPAFRPPXXX");

    type("IBAN", "FR76 3000 4008 2300 0104 5678 944");
    type("BIC", "BNPA");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(spaced(EINVOICE_TEXTS.ibanKey))).toBeTruthy();
    expect(screen.getByText(spaced(EINVOICE_TEXTS.bicFormat))).toBeTruthy();
    expect(screen.getByLabelText("IBAN").getAttribute("aria-invalid")).toBe("true");
    type("IBAN", "FR76 3000 4008 2300 0104 5678 9");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(spaced(EINVOICE_TEXTS.ibanLength("FR", 27)))).toBeTruthy();
    expect(calls("PUT", "/api/company/info")).toHaveLength(0);

    type("IBAN", "fr76 3000 6000 0112 3456 7890 189");
    type("BIC", "agrifrpp");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.infoUpdated));
    expect(calls("PUT", "/api/company/info")[0]?.body).toMatchObject({
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    });
    // The stored answer comes back grouped.
    await waitFor(() =>
      expect((screen.getByLabelText("IBAN") as HTMLInputElement).value).toBe("FR76 3000 6000 0112 3456 7890 189"),
    );
  });

  it("saves the legal mentions and the VAT franchise switch, and shows them stored", async () => {
    server.info = makeInfo({ insurer_name: "MAAF Assurances", vat_franchise: false });
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    expect(screen.getByRole("group", { name: "Mentions légales" })).toBeTruthy();
    expect((screen.getByLabelText("Assureur décennale") as HTMLInputElement).value).toBe("MAAF Assurances");
    type("Forme juridique", "SARL");
    type("Capital social", "10 000 €");
    type("Immatriculation (RCS ou RM)", "RCS Lyon 123 456 789");
    type("N° de police", "DEC-42");
    type("Zone de couverture", "France métropolitaine");
    type("Assureur décennale", "");
    const franchise = screen.getByRole("switch", { name: "Franchise en base de TVA (art. 293 B du CGI)" });
    expect(franchise.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(franchise);
    expect(franchise.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.infoUpdated));
    expect(calls("PUT", "/api/company/info")[0]?.body).toMatchObject({
      legal_form: "SARL",
      share_capital: "10 000 €",
      registration: "RCS Lyon 123 456 789",
      insurer_name: null,
      insurer_policy: "DEC-42",
      insurance_coverage: "France métropolitaine",
      vat_franchise: true,
    });
    await waitFor(() => expect((saveButton("Informations de l'entreprise") as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByRole("switch", { name: /Franchise en base de TVA/ }).getAttribute("aria-checked")).toBe("true");
  });

  it("puts the server's validation details under their fields and toasts « Erreur » with the server's message", async () => {
    server.infoFailure = apiError(400, "Données invalides", {
      details: [{ path: "siret", message: COMPANY_TEXTS.siretInvalid }],
    });
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("Ville", "Bron");
    fireEvent.click(saveButton("Informations de l'entreprise"));
    expect(await screen.findByText(spaced(COMPANY_TEXTS.siretInvalid))).toBeTruthy();
    expect(screen.getByLabelText("SIRET").getAttribute("aria-invalid")).toBe("true");
    expect(toast.error).toHaveBeenCalledWith("Erreur", { description: "Données invalides" });
  });

  it("is read-only without settings:edit", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings", ["settings:view"]);
    await screen.findByDisplayValue("Durand Rénovation");
    expect(screen.getByLabelText("Ville").matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Ajouter un logo/ })).toBeNull();
  });
});

describe("CompanySettingsPage — logo", () => {
  function choose(file: File) {
    fireEvent.change(screen.getByTestId("company-logo-input"), { target: { files: [file] } });
  }

  it("refuses a non-image before uploading, with the spec's message", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByRole("button", { name: /Ajouter un logo/ });
    choose(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    expect(toast.error).toHaveBeenCalledWith(COMPANY_TEXTS.logoType);
    expect(screen.getByRole("alert").textContent).toBe(COMPANY_TEXTS.logoType);
    expect(calls("POST", "/api/company/logo")).toHaveLength(0);
  });

  it("refuses a file over 5 MB before uploading", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByRole("button", { name: /Ajouter un logo/ });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "logo.png", { type: "image/png" });
    choose(big);
    expect(toast.error).toHaveBeenCalledWith(COMPANY_TEXTS.logoSize);
    expect(calls("POST", "/api/company/logo")).toHaveLength(0);
  });

  it("uploads a PNG in the « logo » field, shows it, then removes it", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByRole("button", { name: /Ajouter un logo/ });
    choose(new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.logoAdded));
    const sent = calls("POST", "/api/company/logo")[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect(((sent as FormData).get("logo") as File).name).toBe("logo.png");
    const img = await screen.findByRole("img", { name: "Logo de Durand Rénovation" });
    expect(img.getAttribute("src")).toBe("/api/files/abc?exp=1&sig=s");
    fireEvent.click(screen.getByRole("button", { name: "Supprimer le logo" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.logoRemoved));
    expect(await screen.findByText("Aucun logo")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Ajouter un logo/ })).toBeTruthy();
  });
});

describe("CompanySettingsPage — Paramètres commerciaux", () => {
  it("keeps typed values across tabs, and an empty validity is saved as 30 days", async () => {
    server.settings = makeSettings({ quote_validity_days: 45, terms_and_conditions: "Acompte 30 %" });
    const { router } = renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("Ville", "Bron");
    fireEvent.mouseDown(screen.getByRole("tab", { name: /Paramètres commerciaux/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=commercial"));
    // Drawn when its tab is first opened (the first load renders one form).
    const days = (await screen.findByLabelText("Durée de validité des devis")) as HTMLInputElement;
    expect(days.value).toBe("45");
    expect(screen.getByRole("tab", { name: /Informations/ }).textContent).toContain("modifications non enregistrées");
    type("Durée de validité des devis", "");
    fireEvent.click(saveButton("Paramètres commerciaux"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.settingsUpdated));
    expect(calls("PUT", "/api/company/settings")[0]?.body).toEqual({
      quote_validity_days: 30,
      terms_and_conditions: "Acompte 30 %",
      default_tax_rate: 20,
      extra_tax_rates: [],
      reminder_after_days: 7,
      vat_on_debits: false,
    });
    expect((screen.getByLabelText("Ville") as HTMLInputElement).value).toBe("Bron");
  });

  it("saves the option for paying VAT on debits (2026 reform: printed on the invoices)", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    await screen.findByDisplayValue("30");
    const option = screen.getByRole("switch", { name: /Option pour le paiement de la taxe d’après les débits/ });
    expect(option.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(option);
    fireEvent.click(saveButton("Paramètres commerciaux"));
    await waitFor(() => expect(calls("PUT", "/api/company/settings")).toHaveLength(1));
    expect(calls("PUT", "/api/company/settings")[0]?.body).toMatchObject({ vat_on_debits: true });
  });

  it("saves the VAT rate of new quote lines chosen from the offered rates", async () => {
    server.settings = makeSettings({ default_tax_rate: 20 });
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    const rate = (await screen.findByLabelText("TVA des nouvelles lignes")) as HTMLSelectElement;
    expect(rate.value).toBe("20");
    expect(Array.from(rate.options).map((o) => o.value)).toEqual(["20", "10", "5.5", "2.1", "0"]);
    fireEvent.change(rate, { target: { value: "10" } });
    fireEvent.click(saveButton("Paramètres commerciaux"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.settingsUpdated));
    expect(calls("PUT", "/api/company/settings")[0]?.body).toMatchObject({ default_tax_rate: 10 });
  });

  it("saves VAT rates of the company's own, offered at once as the rate of new lines (issue 31)", async () => {
    server.settings = makeSettings({ default_tax_rate: 20, extra_tax_rates: [13] });
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    const extra = (await screen.findByLabelText("Autres taux de TVA autorisés")) as HTMLInputElement;
    expect(extra.value).toBe("13");
    const rate = screen.getByLabelText("TVA des nouvelles lignes") as HTMLSelectElement;
    expect(Array.from(rate.options).map((o) => o.value)).toEqual(["20", "13", "10", "5.5", "2.1", "0"]);
    type("Autres taux de TVA autorisés", "13\u202f; 8,5");
    expect(Array.from(rate.options).map((o) => o.value)).toEqual(["20", "13", "10", "8.5", "5.5", "2.1", "0"]);
    fireEvent.change(rate, { target: { value: "8.5" } });
    fireEvent.click(saveButton("Paramètres commerciaux"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.settingsUpdated));
    expect(calls("PUT", "/api/company/settings")[0]?.body).toMatchObject({
      default_tax_rate: 8.5,
      extra_tax_rates: [13, 8.5],
    });
  });

  it("refuses a VAT rate of its own out of range, and sends nothing", async () => {
    server.settings = makeSettings();
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    await screen.findByLabelText("Autres taux de TVA autorisés");
    type("Autres taux de TVA autorisés", "120");
    fireEvent.click(saveButton("Paramètres commerciaux"));
    expect(await screen.findByText(COMPANY_TEXTS.extraTaxRateInvalid)).toBeTruthy();
    expect(calls("PUT", "/api/company/settings")).toHaveLength(0);
  });

  it("saves the reminder delay of « À relancer », 1 to 90 days", async () => {
    server.settings = makeSettings({ reminder_after_days: 7 });
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    const days = (await screen.findByLabelText("Relancer les devis après")) as HTMLInputElement;
    expect(days.value).toBe("7");
    type("Relancer les devis après", "91");
    fireEvent.click(saveButton("Paramètres commerciaux"));
    expect(await screen.findByText(COMPANY_TEXTS.reminderRange)).toBeTruthy();
    expect(calls("PUT", "/api/company/settings")).toHaveLength(0);
    type("Relancer les devis après", "14");
    fireEvent.click(saveButton("Paramètres commerciaux"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COMPANY_TEXTS.settingsUpdated));
    expect(calls("PUT", "/api/company/settings")[0]?.body).toMatchObject({ reminder_after_days: 14 });
  });

  it("refuses 366 days with the range message", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=commercial");
    await screen.findByDisplayValue("30");
    type("Durée de validité des devis", "366");
    fireEvent.click(saveButton("Paramètres commerciaux"));
    expect(await screen.findByText(COMPANY_TEXTS.validityRange)).toBeTruthy();
    expect(calls("PUT", "/api/company/settings")).toHaveLength(0);
  });
});

describe("CompanySettingsPage — Comptabilité", () => {
  it("asks for the accounts when the tab opens, saves a changed account under its version", async () => {
    const { router } = renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    expect(calls("GET", "/api/company/accounting")).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole("tab", { name: /Comptabilité/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=accounting"));
    const clients = (await screen.findByLabelText("Clients (411…)")) as HTMLInputElement;
    expect(clients.value).toBe("411000");
    fireEvent.input(screen.getByLabelText("Ventes à 10 %"), { target: { value: "706100" } });
    expect(screen.getByRole("tab", { name: /Comptabilité/ }).textContent).toContain("modifications non enregistrées");
    fireEvent.click(saveButton("Comptabilité"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNTING_TEXTS.settingsSaved));
    const [request] = calls("PUT", "/api/company/accounting");
    expect(request?.body).toEqual({ ...accountingSettingsOf(DEFAULT_ACCOUNTS), sales_account_10: "706100" });
    expect(request?.headers.get("if-match")).toBe('"2026-11-01T08:00:00.000Z"');
  });

  it("shows the accounts read-only without settings:edit", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=accounting", ["settings:view"]);
    const clients = (await screen.findByLabelText("Clients (411…)")) as HTMLInputElement;
    expect(clients.closest("fieldset[disabled]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull();
  });
});

describe("CompanySettingsPage — Messages", () => {
  const subject = (kind: string) =>
    within(screen.getByRole("group", { name: kind })).getByLabelText("Objet") as HTMLInputElement;
  const body = (kind: string) =>
    within(screen.getByRole("group", { name: kind })).getByLabelText("Message") as HTMLTextAreaElement;

  it("asks for the templates when the tab opens, inserts a variable at the cursor, restores a default, saves the four", async () => {
    server.templates = {
      ...structuredClone(DEFAULT_TEMPLATES),
      invoice_send: { subject: "Votre facture", body: "Bonjour ,\nMerci." },
      updated_at: "2026-11-01T08:00:00.000Z",
    };
    const { router } = renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    expect(calls("GET", "/api/company/message-templates")).toHaveLength(0);
    fireEvent.mouseDown(screen.getByRole("tab", { name: /Messages/ }));
    await waitFor(() => expect(router.state.location.search).toBe("?tab=messages"));
    expect((await screen.findByDisplayValue("Votre facture")).tagName).toBe("INPUT");
    expect(subject("Envoi de devis").value).toBe(DEFAULT_TEMPLATES.quote_send.subject);

    // The cursor after « Bonjour »: {client} goes there.
    const invoice = body("Envoi de facture");
    fireEvent.focus(invoice);
    invoice.setSelectionRange(8, 8);
    const group = screen.getByRole("group", { name: "Envoi de facture" });
    expect(within(group).queryByRole("button", { name: /lien_signature/ })).toBeNull();
    fireEvent.click(within(group).getByRole("button", { name: /Insérer \{client\}/ }));
    expect(invoice.value).toBe("Bonjour {client},\nMerci.");

    fireEvent.input(subject("Relance de devis"), { target: { value: "Relance" } });
    fireEvent.click(screen.getByRole("button", { name: "Rétablir le modèle par défaut (Relance de devis)" }));
    expect(subject("Relance de devis").value).toBe(DEFAULT_TEMPLATES.quote_reminder.subject);

    fireEvent.click(saveButton("Modèles de messages"));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Modèles de messages enregistrés"));
    expect(calls("PUT", "/api/company/message-templates")[0]?.body).toEqual({
      ...DEFAULT_TEMPLATES,
      invoice_send: { subject: "Votre facture", body: "Bonjour {client},\nMerci." },
    });
  });

  it("refuses an empty subject with the server's message, nothing sent", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=messages");
    await screen.findByDisplayValue(DEFAULT_TEMPLATES.quote_send.subject);
    fireEvent.input(subject("Envoi de devis"), { target: { value: " " } });
    fireEvent.click(saveButton("Modèles de messages"));
    expect(await screen.findByText(MESSAGE_TEXTS.subjectRequired)).toBeTruthy();
    expect(calls("PUT", "/api/company/message-templates")).toHaveLength(0);
  });

  it("shows the templates read-only without settings:edit", async () => {
    renderPage(<CompanySettingsPage isMobile={false} />, "/settings?tab=messages", ["settings:view"]);
    await screen.findByDisplayValue(DEFAULT_TEMPLATES.quote_send.subject);
    expect(subject("Envoi de devis").closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: /Rétablir le modèle par défaut/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull();
  });
});

describe("CompanySettingsPage — leaving", () => {
  it("asks before leaving with unsaved changes", async () => {
    const { router } = renderPage(<CompanySettingsPage isMobile={false} />);
    await screen.findByDisplayValue("Durand Rénovation");
    type("Ville", "Bron");
    await waitFor(() => expect(screen.getByText("Modifications non enregistrées")).toBeTruthy());
    void router.navigate("/");
    expect(await screen.findByRole("alertdialog", { name: "Quitter sans enregistrer\u202f?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Rester sur la page" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/settings");
    void router.navigate("/");
    fireEvent.click(await screen.findByRole("button", { name: "Quitter sans enregistrer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("shows the load failure with the spec's wording", async () => {
    api.get("/api/company/info", companyInfoSchema, () => apiError(500, "Erreur interne du serveur"));
    renderPage(<CompanySettingsPage isMobile={false} />);
    expect(await screen.findByText("Erreur lors de la récupération des informations de l'entreprise")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy();
  });
});
