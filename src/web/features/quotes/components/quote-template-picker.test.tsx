import { QUOTE_TEXTS } from "@shared/quote-rules";
import { quoteTemplateListSchema } from "@shared/quote-templates";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeTemplate,
  noContent,
  renderWithProviders,
} from "../test/render";
import { QuoteTemplatePicker } from "./quote-template-picker";

const toast = vi.mocked(appToast, true);

let api: FakeApi;
const current = { read: vi.fn(), validateLines: vi.fn() };

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  let templates = [makeTemplate()];
  api.get("/api/quote-templates", quoteTemplateListSchema, () => ({
    data: templates,
    meta: { total: templates.length, page: 1, limit: 100 },
  }));
  api.delete("/api/quote-templates/:id", ({ params }) => {
    templates = templates.filter((t) => t.id !== params.id);
    return noContent();
  });
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
  toast.error.mockReset();
});

async function openPicker() {
  renderWithProviders(<QuoteTemplatePicker onApply={() => {}} canDelete canEdit appliedId={null} current={current} />);
  fireEvent.click(await screen.findByRole("button", { name: /Partir d’un modèle/ }));
  fireEvent.click(await screen.findByRole("button", { name: "Supprimer le modèle Cuisine" }));
}

describe("QuoteTemplatePicker — deleting a template (issue 9, defect 8)", () => {
  it("asks first: « Annuler » keeps the template and sends nothing", async () => {
    await openPicker();
    const question = await screen.findByRole("alertdialog", {
      name: "Supprimer le modèle «\u00a0Cuisine\u00a0»\u202f?",
    });
    expect(api.requests("DELETE")).toHaveLength(0);
    fireEvent.click(within(question).getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.requests("DELETE")).toHaveLength(0);
    expect(screen.getByText("Cuisine")).toBeTruthy();
  });

  it("deletes once confirmed, then the list no longer shows it", async () => {
    await openPicker();
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(QUOTE_TEXTS.templateDeleted));
    expect(api.requests("DELETE", "/api/quote-templates/:id").map((r) => r.path)).toEqual(["/api/quote-templates/t1"]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(screen.queryByText("Cuisine")).toBeNull());
  });

  it("toasts the server's refusal and keeps the template", async () => {
    api.delete("/api/quote-templates/:id", () => apiError(404, QUOTE_TEXTS.templateNotFound));
    await openPicker();
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Supprimer" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Erreur lors de la suppression", {
        description: QUOTE_TEXTS.templateNotFound,
      }),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByText("Cuisine")).toBeTruthy();
  });
});
