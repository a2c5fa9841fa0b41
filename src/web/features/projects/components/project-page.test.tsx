import { INVOICE_TEXTS, type Invoice, invoiceSchema } from "@shared/invoices";
import type { PermissionCode } from "@shared/permissions";
import {
  type ProjectDetail,
  projectDetailSchema,
  projectIssuesResponseSchema,
  projectPhotosResponseSchema,
} from "@shared/projects";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
import { EVERY_PERMISSION, installBrowserStubs, TestPermissions, testQueryClient } from "@web/test/render";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIXTURE_IDS, makeProjectDetail } from "../test/form-fixtures";
import { ProjectPage } from "./project-page";

let api: FakeApi;
const id = FIXTURE_IDS.project;
const PHOTO = "d4444444-4444-4444-8444-444444444444";

function serve(project: ProjectDetail | null, { issues = true, photos = true } = {}) {
  api.get("/api/projects/:id", projectDetailSchema, () => project ?? apiError(404, "Chantier introuvable"));
  api.get("/api/project-issues/:projectId", projectIssuesResponseSchema, () => ({
    data: issues
      ? [
          {
            id: "c3333333-3333-4333-8333-333333333333",
            project_id: id,
            title: "Fuite sous l'évier",
            description: "Joint à changer",
            client_key: null,
            created_by_name: "Julien Moreau",
            created_at: "2026-03-11T13:05:00.000Z",
            updated_at: "2026-03-11T13:05:00.000Z",
          },
        ]
      : [],
  }));
  api.get("/api/project-photos/:projectId", projectPhotosResponseSchema, () => ({
    data: photos
      ? [
          {
            id: PHOTO,
            project_id: id,
            filename: "mur.jpg",
            file_url: `/api/files/${PHOTO}?sig=full`,
            thumbnail_url: `/api/files/${PHOTO}?sig=thumb`,
            width: 1200,
            height: 900,
            client_key: null,
            created_by_name: "Julien Moreau",
            created_at: "2026-03-11T14:00:00.000Z",
          },
        ]
      : [],
  }));
}

/** The page at /projects/:id, under a router that shows where a button led. */
/** The quotes screen as reached: its query (`?search=&deposit=`) shown. */
function QuotesProbe() {
  const location = useLocation();
  return <p>{`Écran des devis ${location.search}`}</p>;
}

function renderPage({ permissions = EVERY_PERMISSION }: { permissions?: readonly PermissionCode[] } = {}) {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <TestPermissions permissions={permissions}>
        <MemoryRouter initialEntries={[`/projects/${id}`]}>
          <Routes>
            <Route path="/projects/:id" element={<ProjectPage projectId={id} isMobile={false} />} />
            <Route path="/projects/:id/execution" element={<p>Écran d'exécution</p>} />
            <Route path="/projects" element={<p>Liste des chantiers</p>} />
            <Route path="/invoices/:id" element={<p>Page de la facture</p>} />
            <Route path="/quotes" element={<QuotesProbe />} />
          </Routes>
        </MemoryRouter>
      </TestPermissions>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
  vi.mocked(toast.success).mockClear();
});
afterEach(cleanup);

describe("ProjectPage", () => {
  it("shows the worksite: header, information, tasks, documents, imprévus and photos", async () => {
    serve(
      makeProjectDetail({
        client: { id: FIXTURE_IDS.client, name: "Martine Leroy", phone: "06 12 34 56 78", email: null, address: null },
        gate_code: "B1234",
        notes: "Clé chez la voisine",
      }),
    );
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Salle de bain" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("CH-2026-0001 · Propulse"));
    expect(screen.getByRole("link", { name: "Retour aux chantiers" }).getAttribute("href")).toBe("/projects");
    expect(screen.getByRole("link", { name: "Appeler client" }).getAttribute("href")).toBe("tel:0612345678");
    expect(screen.getByRole("link", { name: "Y aller" }).getAttribute("target")).toBe("_blank");

    const info = screen.getByRole("region", { name: "Informations" });
    for (const text of ["11/03/2026", "3\u00a0jours", "Équipe Martin", "B1234", "4\u202f380,50\u00a0€"]) {
      expect(info.textContent).toContain(text);
    }
    expect(screen.getByRole("list", { name: "Matériel du chantier" }).textContent).toBe("Niveau laser");
    const tasks = screen.getByRole("list", { name: "Tâches de Salle de bain" });
    expect(tasks.textContent).toContain("Fait\u00a0: Dépose de l'ancienne baignoire");
    expect(tasks.textContent).toContain("Estimation\u00a0: 16\u00a0h");
    expect(screen.getByRole("link", { name: "DEV-2026-0007" }).getAttribute("href")).toBe(
      "/quotes?search=DEV-2026-0007",
    );
    expect(screen.getByText("Clé chez la voisine")).toBeTruthy();

    const issues = await screen.findByRole("list", { name: "Imprévus du chantier" });
    expect(issues.textContent).toContain("Fuite sous l'évier");
    expect(issues.textContent).toMatch(/\d{2}\/\d{2}\/\d{4} à \d{1,2}\sh(\s\d{2})? · par Julien Moreau/);
    const photo = await screen.findByRole("link", { name: "Ouvrir la photo 1 (mur.jpg)" });
    expect(photo.getAttribute("href")).toBe(`/api/files/${PHOTO}?sig=full`);
    expect(photo.getAttribute("target")).toBe("_blank");
    expect(photo.querySelector("img")?.getAttribute("src")).toBe(`/api/files/${PHOTO}?sig=thumb`);
    expect(screen.getByRole("heading", { name: "Photos (1/20)" })).toBeTruthy();
  });

  it("« Continuer » opens the execution; « Supprimer » asks, deletes and goes back to the list", async () => {
    serve(makeProjectDetail());
    api.delete("/api/projects/:id", () => noContent());
    const first = renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Continuer" }));
    expect(await screen.findByText("Écran d'exécution")).toBeTruthy();
    first.unmount();

    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Supprimer le chantier" });
    expect(dialog.textContent).toContain("CH-2026-0001");
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Liste des chantiers")).toBeTruthy();
    expect(api.requests("DELETE").map((r) => r.path)).toEqual([`/api/projects/${id}`]);
    expect(toast.success).toHaveBeenCalledWith("Chantier supprimé");
  });

  it("« Démarrer » for a worksite to do; viewing alone shows no action", async () => {
    serve(makeProjectDetail({ status: "à faire" }), { issues: false, photos: false });
    const first = renderPage();
    expect(await screen.findByRole("button", { name: "Démarrer" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continuer" })).toBeNull();
    expect(await screen.findByText("Aucun imprévu signalé")).toBeTruthy();
    expect(await screen.findByText("Aucune photo ajoutée")).toBeTruthy();
    first.unmount();

    renderPage({ permissions: ["projects:view"] });
    await screen.findByRole("heading", { level: 1, name: "Salle de bain" });
    expect(screen.queryByRole("button", { name: /Démarrer|Modifier|Supprimer/ })).toBeNull();
  });

  it("a Compagnon sees no budget and no link to the quote (issue 32); a holder of projects:budget and quotes:view does", async () => {
    const { budget_total: _budget, ...withoutBudget } = makeProjectDetail();
    serve(withoutBudget as ProjectDetail, { issues: false, photos: false });
    const first = renderPage({ permissions: ["dashboard:view", "calendar:view", "projects:view", "projects:execute"] });
    await screen.findByRole("heading", { level: 1, name: "Salle de bain" });
    expect(screen.queryByText("Budget HT")).toBeNull();
    const documents = screen.getByRole("list", { name: "Documents du chantier" });
    expect(within(documents).getByText("DEV-2026-0007")).toBeTruthy();
    expect(within(documents).queryByRole("link")).toBeNull();
    first.unmount();

    serve(makeProjectDetail(), { issues: false, photos: false });
    renderPage();
    await screen.findByRole("heading", { level: 1, name: "Salle de bain" });
    expect(screen.getByText("Budget HT")).toBeTruthy();
    expect(screen.getByText(/^4.380,50.€$/)).toBeTruthy();
    expect(within(screen.getByRole("list", { name: "Documents du chantier" })).getByRole("link")).toBeTruthy();
  });

  it("« Facturer » a worksite from a validated quote or delivered: the invoice written, then its page", async () => {
    serve(makeProjectDetail(), { issues: false, photos: false });
    api.post("/api/invoices/from-project/:projectId", invoiceSchema, () => invoiceOfProject());
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Facturer" }));
    // Issue 32: from a quote, it asks what to invoice first.
    const choice = await screen.findByRole("dialog", { name: "Que facturer\u00a0?" });
    expect(api.requests("POST", "/api/invoices/from-project/:projectId")).toHaveLength(0);
    fireEvent.click(within(choice).getByRole("button", { name: /^Facture de solde/ }));
    expect(await screen.findByText("Page de la facture")).toBeTruthy();
    expect(api.requests("POST", "/api/invoices/from-project/:projectId")[0]?.params.projectId).toBe(id);
    expect(toast.success).toHaveBeenCalledWith(INVOICE_TEXTS.created, { description: "PROV-2026-0009" });
  });

  it("« Facturer » › « Facture d’acompte »: the quote's deposit dialog on the quotes screen, nothing written here (issue 32)", async () => {
    const project = makeProjectDetail();
    serve(project, { issues: false, photos: false });
    api.post("/api/invoices/from-project/:projectId", invoiceSchema, () => invoiceOfProject());
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Facturer" }));
    const choice = await screen.findByRole("dialog", { name: "Que facturer\u00a0?" });
    expect(within(choice).getByText(`Ce chantier vient du devis ${project.quote_reference}.`)).toBeTruthy();
    fireEvent.click(within(choice).getByRole("button", { name: /^Facture d’acompte/ }));
    const query = new URLSearchParams({ search: project.quote_reference ?? "", deposit: project.quote_id ?? "" });
    expect(await screen.findByText(`Écran des devis ?${query}`)).toBeTruthy();
    expect(api.requests("POST", "/api/invoices/from-project/:projectId")).toHaveLength(0);
  });

  it("« Facture de solde » refused because the quote has one: the toast names it and links to it (issue 32)", async () => {
    serve(makeProjectDetail(), { issues: false, photos: false });
    api.post("/api/invoices/from-project/:projectId", invoiceSchema, () =>
      apiError(409, INVOICE_TEXTS.quoteAlreadyInvoiced, {
        document: { type: "invoice", id: "final-1", reference: "PROV-2026-0002" },
      }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Facturer" }));
    const choice = await screen.findByRole("dialog", { name: "Que facturer\u00a0?" });
    vi.mocked(toast.error).mockClear();
    fireEvent.click(within(choice).getByRole("button", { name: /^Facture de solde/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0]?.[1]).toMatchObject({
      description: INVOICE_TEXTS.quoteAlreadyInvoiced,
      action: { label: "Voir PROV-2026-0002" },
    });
  });

  it("no « Facturer » for a worksite in progress without a quote, nor without invoices:create", async () => {
    serve(makeProjectDetail({ quote_id: null, quote_reference: null, documents: [] }), {
      issues: false,
      photos: false,
    });
    const first = renderPage();
    await screen.findByRole("heading", { level: 1, name: "Salle de bain" });
    expect(screen.queryByRole("button", { name: "Facturer" })).toBeNull();
    first.unmount();

    serve(makeProjectDetail({ status: "livré" }), { issues: false, photos: false });
    renderPage({ permissions: EVERY_PERMISSION.filter((code) => code !== "invoices:create") });
    await screen.findByRole("heading", { level: 1, name: "Salle de bain" });
    expect(screen.queryByRole("button", { name: "Facturer" })).toBeNull();
  });

  it("shows a skeleton while loading, then « Chantier introuvable » with the way back", async () => {
    api.get("/api/projects/:id", projectDetailSchema, () => never());
    const loading = renderPage();
    expect(await screen.findByRole("status", { name: "Chargement du chantier…" })).toBeTruthy();
    loading.unmount();

    serve(null);
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Chantier introuvable" })).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Retour aux chantiers" })).toHaveLength(2);
  });
});

/** The draft invoice POST /api/invoices/from-project/:projectId answers. */
function invoiceOfProject(): Invoice {
  return {
    id: "e5555555-5555-4555-8555-555555555555",
    kind: "invoice",
    reference: "PROV-2026-0009",
    name: "Salle de bain",
    status: "draft",
    overdue: false,
    days_late: 0,
    client_id: FIXTURE_IDS.client,
    client_name: "Martine Leroy",
    date: "2026-03-20",
    due_date: "2026-04-19",
    subtotal: 1000,
    tax_amount: 100,
    total: 1100,
    paid_amount: 0,
    balance_due: 1100,
    quote_id: FIXTURE_IDS.quote,
    project_id: id,
    created_at: "2026-03-20T09:00:00.000Z",
    updated_at: "2026-03-20T09:00:00.000Z",
    emailed_at: null,
    client: {
      name: "Martine Leroy",
      email: null,
      address: null,
      postal_code: null,
      city: null,
      siren: null,
      vat_number: null,
    },
    client_phone: null,
    quote: { id: FIXTURE_IDS.quote, reference: "DEV-2026-0007", name: "Salle de bain" },
    project: { id, reference: "CH-2026-0001", name: "Salle de bain" },
    credited_invoice: null,
    credit_note: null,
    work_date: null,
    payment_method: "bank_transfer",
    payment_date: null,
    notes: null,
    terms: null,
    legal_mentions: null,
    reverse_charge: false,
    worksite_address: null,
    operation_category: "services",
    discount_percentage: 0,
    discount_amount: 0,
    discount: 0,
    vat_breakdown: [{ rate: 10, net: 1000, tax: 100 }],
    deposits_net: 0,
    deposits_tax: 0,
    deposits: [],
    issued_at: null,
    created_by_name: null,
    items: [],
    payments: [],
    credit: null,
    facturx: null,
  };
}
