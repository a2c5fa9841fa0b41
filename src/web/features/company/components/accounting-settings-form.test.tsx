import {
  ACCOUNTING_TEXTS,
  type AccountingSettings,
  accountingSettingsOf,
  accountingSettingsSchema,
  DEFAULT_ACCOUNTS,
} from "@shared/accounting";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, installBrowserStubs, renderPage } from "../test/render";
import { AccountingSettingsForm } from "./accounting-settings-form";

const toast = vi.mocked(appToast, true);

let api: FakeApi;
let stored: AccountingSettings;

const defaults = (): AccountingSettings => ({
  ...accountingSettingsOf(DEFAULT_ACCOUNTS),
  updated_at: "2026-11-01T08:00:00.000Z",
});

beforeEach(() => {
  installBrowserStubs();
  stored = defaults();
  api = fakeApi().install();
  api.put("/api/company/accounting", accountingSettingsSchema, ({ body }) => {
    stored = { ...(body as AccountingSettings), updated_at: "2026-11-02T08:00:00.000Z" };
    return stored;
  });
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
  toast.error.mockReset();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(input(label), { target: { value } });
const save = () =>
  fireEvent.click(
    within(screen.getByRole("form", { name: "Comptabilité" })).getByRole("button", { name: "Enregistrer" }),
  );

describe("AccountingSettingsForm", () => {
  it("shows the stored accounts, saves a change (spaces dropped, code upper case) with its version", async () => {
    stored = { ...defaults(), sales_account_10: "706100" };
    renderPage(<AccountingSettingsForm settings={stored} canEdit isMobile={false} onDirtyChange={() => {}} />);
    expect(input("Clients (411…)").value).toBe("411000");
    expect(input("Ventes à 10 %").value).toBe("706100");
    expect(input("TVA collectée à 2,1 %").value).toBe("445702");
    expect(input("Journal des ventes").value).toBe("VT");

    type("Banque (51…)", "512 100");
    type("Journal de banque", "bq2");
    save();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ACCOUNTING_TEXTS.settingsSaved));
    const [request] = api.requests("PUT", "/api/company/accounting");
    expect(request?.body).toEqual({
      ...accountingSettingsOf(DEFAULT_ACCOUNTS),
      sales_account_10: "706100",
      bank_account: "512100",
      bank_journal: "BQ2",
    });
    expect(request?.headers.get("if-match")).toBe('"2026-11-01T08:00:00.000Z"');
  });

  it("says under the field which class an account belongs to, and sends nothing", async () => {
    renderPage(<AccountingSettingsForm settings={stored} canEdit isMobile={false} onDirtyChange={() => {}} />);
    type("Clients (411…)", "401000");
    type("TVA collectée à 20 %", "44566");
    type("Ventes à 0 %", "70x");
    type("Journal de banque", "VT");
    save();
    expect(await screen.findByText(ACCOUNTING_TEXTS.clientsClass)).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_TEXTS.vatClass)).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_TEXTS.accountDigits)).toBeTruthy();
    expect(screen.getByText(ACCOUNTING_TEXTS.journalsDistinct)).toBeTruthy();
    expect(api.requests("PUT", "/api/company/accounting")).toHaveLength(0);
  });

  it("brings back the PCG's accounts with « Rétablir le plan comptable général »", async () => {
    stored = { ...defaults(), clients_account: "411999", sales_journal: "VE" };
    renderPage(<AccountingSettingsForm settings={stored} canEdit isMobile={false} onDirtyChange={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Rétablir le plan comptable général" }));
    expect(input("Clients (411…)").value).toBe("411000");
    expect(input("Journal des ventes").value).toBe("VT");
  });

  it("is read-only without settings:edit: no save bar, no restore", () => {
    renderPage(<AccountingSettingsForm settings={stored} canEdit={false} isMobile={false} onDirtyChange={() => {}} />);
    expect(input("Clients (411…)").closest("fieldset[disabled]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Rétablir le plan comptable général" })).toBeNull();
  });
});
