import "fake-indexeddb/auto";
import { DASHBOARD_TEXTS } from "@shared/dashboard-rules";
import {
  PROJECT_TEXTS,
  type ProjectDetail,
  type ProjectIssue,
  type ProjectPhoto,
  projectDetailSchema,
  projectIssueSchema,
  projectIssuesResponseSchema,
  projectPhotosResponseSchema,
  projectTaskDetailSchema,
} from "@shared/projects";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PHONE_CHROME, SITE_BOTTOM_COVER, SITE_TOP_COVER } from "@web/lib/phone-chrome";
import { toast } from "@web/lib/toast";
import { apiError, type FakeApi, fakeApi, never, noContent } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetSiteOutbox } from "../hooks/use-site-outbox";
import { closeSiteDb } from "../lib/site-db";
import { SITE_TEXTS } from "../lib/site-texts";
import { makeIssue, makePhoto, makeSiteProject, SITE_IDS, SITE_USER } from "../test/site-fixtures";
import { ProjectExecutionPage } from "./project-execution-page";

vi.mock("@web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let api: FakeApi;
/** The network: down, every request fails as a fetch without connection does. */
let down = false;

/** The worksites API over one worksite in memory, as the server answers. */
function serve(project: ProjectDetail, issues: ProjectIssue[] = [], photos: ProjectPhoto[] = []) {
  const state = { project, issues, photos };
  api.get("/api/projects/:id", projectDetailSchema, () => state.project);
  api.get("/api/project-issues/:projectId", projectIssuesResponseSchema, () => ({ data: state.issues }));
  api.get("/api/project-photos/:projectId", projectPhotosResponseSchema, () => ({ data: state.photos }));
  api.put("/api/project-tasks/:id", projectTaskDetailSchema, ({ params, body }) => {
    const task = state.project.tasks.find((t) => t.id === params.id);
    if (!task) return apiError(404, PROJECT_TEXTS.taskNotFound);
    task.is_done = (body as { is_done: boolean }).is_done;
    return { ...task, project_id: state.project.id };
  });
  api.post("/api/project-issues", projectIssueSchema, ({ body }) => {
    const { title, description, client_key } = body as { title: string; description?: string; client_key?: string };
    const issue = makeIssue({
      id: crypto.randomUUID(),
      title,
      description: description ?? null,
      client_key: client_key ?? null,
      created_by_name: SITE_USER.full_name,
      created_at: new Date().toISOString(),
    });
    state.issues = [issue, ...state.issues];
    return issue;
  });
  api.put("/api/project-issues/:id", projectIssueSchema, ({ params, body }) => {
    const { title, description } = body as { title: string; description: string | null };
    const found = state.issues.find((i) => i.id === params.id);
    if (!found) return apiError(404, PROJECT_TEXTS.issueNotFound);
    Object.assign(found, { title, description });
    return found;
  });
  api.delete("/api/project-issues/:id", ({ params }) => {
    state.issues = state.issues.filter((i) => i.id !== params.id);
    return noContent();
  });
  return state;
}

function setOnline(online: boolean) {
  down = !online;
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

beforeEach(() => {
  installBrowserStubs();
  globalThis.indexedDB = new IDBFactory();
  localStorage.setItem("auth_user", JSON.stringify(SITE_USER));
  localStorage.setItem("token", "t");
  down = false;
  api = fakeApi();
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    down ? Promise.reject(new TypeError("Failed to fetch")) : api.fetch(input, init),
  );
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  cleanup();
  resetSiteOutbox();
  closeSiteDb();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = () => renderWithProviders(<ProjectExecutionPage projectId={SITE_IDS.project} />);
const task = (name: RegExp) => screen.findByRole("checkbox", { name });

describe("ProjectExecutionPage", () => {
  it("says it is loading, then that a worksite is not found, with the way back", async () => {
    api.get("/api/projects/:id", projectDetailSchema, () => never());
    const { unmount } = page();
    expect(await screen.findByText(PROJECT_TEXTS.loading)).toBeTruthy();
    unmount();

    api.get("/api/projects/:id", projectDetailSchema, () => apiError(404, PROJECT_TEXTS.notFound));
    page();
    expect(await screen.findByRole("heading", { name: PROJECT_TEXTS.notFound })).toBeTruthy();
    expect(screen.getByRole("link", { name: PROJECT_TEXTS.backToList }).getAttribute("href")).toBe("/projects");
  });

  it("checks a photo before keeping it: images only, 5 MB, 20 a worksite", async () => {
    serve(makeSiteProject());
    const { container } = page();
    await screen.findByRole("heading", { name: "Photos (0/20)" });
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute("capture")).toBe("environment");
    expect(input.getAttribute("accept")).toBe("image/*");
    const pdf = new File(["%PDF"], "devis.pdf", { type: "application/pdf" });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de l'upload", { description: PROJECT_TEXTS.photoImagesOnly });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "grande.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [big] } });
    expect(toast.error).toHaveBeenCalledWith("Erreur lors de l'upload", { description: PROJECT_TEXTS.photoTooLarge });
    expect(api.requests("POST")).toEqual([]);
  });

  it("disables the camera at 20 photos", async () => {
    const photos = Array.from({ length: 20 }, (_, i) =>
      makePhoto({ id: `d4444444-4444-4444-8444-${String(i).padStart(12, "0")}` }),
    );
    serve(makeSiteProject(), [], photos);
    const { container } = page();
    await screen.findByRole("heading", { name: "Photos (20/20)" });
    expect((container.querySelector('input[type="file"]') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(PROJECT_TEXTS.photoLimit)).toBeTruthy();
  });

  it("refuses a worksite not in progress", async () => {
    serve(makeSiteProject({ status: "livré" }));
    page();
    expect(await screen.findByText(PROJECT_TEXTS.notInProgress)).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button", { name: PROJECT_TEXTS.finish })).toBeNull();
  });

  it("« Terminer » asks « Le client est-il satisfait ? »: Oui is sent, no answer sends nothing", async () => {
    const state = serve(makeSiteProject());
    const finished: unknown[] = [];
    api.post("/api/projects/:id/finish", projectDetailSchema, ({ body }) => {
      finished.push(body);
      return { ...state.project, status: "livré" as const };
    });
    page();
    const finish = async () => {
      fireEvent.click(await screen.findByRole("button", { name: PROJECT_TEXTS.finish }));
      return screen.findByRole("alertdialog", { name: SITE_TEXTS.finishTitle });
    };

    let dialog = await finish();
    const question = within(dialog).getByRole("group", { name: DASHBOARD_TEXTS.satisfactionQuestion });
    const yes = within(question).getByRole("button", { name: "Oui" });
    fireEvent.click(yes);
    expect(yes.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(within(question).getByRole("button", { name: "Non" }));
    expect(yes.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(yes);
    fireEvent.click(within(dialog).getByRole("button", { name: PROJECT_TEXTS.finish }));
    await waitFor(() => expect(finished).toEqual([{ client_satisfied: true }]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.finished));

    // Asked anew: a second tap takes the answer back, and nothing is sent.
    dialog = await finish();
    const again = within(dialog).getByRole("button", { name: "Oui" });
    expect(again.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(again);
    fireEvent.click(again);
    fireEvent.click(within(dialog).getByRole("button", { name: PROJECT_TEXTS.finish }));
    await waitFor(() => expect(finished).toHaveLength(2));
    expect(finished[1]).toBeUndefined();
  });

  it("shows the worksite and sends a tick at once, with the spec's toast", async () => {
    const state = serve(makeSiteProject(), [makeIssue()], [makePhoto()]);
    page();
    expect(await screen.findByRole("heading", { level: 1, name: "Salle de bain Leroy" })).toBeTruthy();
    expect(screen.getByText("CH-2026-0007")).toBeTruthy();
    expect(screen.getByText("Martine Leroy")).toBeTruthy();
    expect(screen.getByText(/^Démarré le \d{2}\/\d{2}\/2026$/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Photos (1/20)" })).toBeTruthy();
    const issue = await screen.findByRole("article", { name: "Tuyau d'évacuation fendu" });
    expect(issue.textContent).toMatch(/24\/11\/2026 à \d{1,2}\sh\s05 · par Marc Petit/);

    fireEvent.click(await task(/Dépose de l'ancienne baignoire/));
    await waitFor(() => expect(api.requests("PUT", "/api/project-tasks/:id")).toHaveLength(1));
    expect(api.requests("PUT", "/api/project-tasks/:id")[0]?.body).toEqual({ is_done: true });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.taskUpdated));
    expect(state.project.tasks[0]?.is_done).toBe(true);
    expect(((await task(/Dépose/)) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/^Estimation\s:\s16\sh$/)).toBeTruthy();
  });

  it("shows on arrival the gate code, « Appeler client » (tel:) and « Y aller » (the route)", async () => {
    serve(makeSiteProject({ gate_code: "4521B" }));
    page();
    const header = (await screen.findByRole("heading", { level: 1, name: "Salle de bain Leroy" })).closest("header");
    expect(header).not.toBeNull();
    const inHeader = within(header as HTMLElement);
    expect(inHeader.getByText(SITE_TEXTS.gateCode)).toBeTruthy();
    expect(inHeader.getByTestId("site-gate-code").textContent).toBe("4521B");
    expect(inHeader.getByRole("link", { name: SITE_TEXTS.callClient }).getAttribute("href")).toBe("tel:0612345678");
    const route = inHeader.getByRole("link", { name: SITE_TEXTS.route });
    expect(route.getAttribute("href")).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("8 chemin des Vignes, 69380 Lozanne")}`,
    );
    expect(route.getAttribute("target")).toBe("_blank");
    cleanup();

    // Neither phone, address nor code: nothing empty is shown.
    serve(
      makeSiteProject({
        address: null,
        client: { id: SITE_IDS.client, name: "Martine Leroy", phone: null, email: null, address: null },
      }),
    );
    page();
    await screen.findByRole("heading", { level: 1, name: "Salle de bain Leroy" });
    expect(screen.queryByText(SITE_TEXTS.gateCode)).toBeNull();
    expect(screen.queryByRole("link", { name: SITE_TEXTS.callClient })).toBeNull();
    expect(screen.queryByRole("link", { name: SITE_TEXTS.route })).toBeNull();
  });

  it("adds, edits and deletes an imprévu; the title is required", async () => {
    const state = serve(makeSiteProject());
    page();
    fireEvent.click(await screen.findByRole("button", { name: "Signaler un imprévu" }));
    const form = screen.getByRole("form", { name: "Signaler un imprévu" });
    fireEvent.click(within(form).getByRole("button", { name: "Ajouter l’imprévu" }));
    expect(await within(form).findByText(PROJECT_TEXTS.issueTitleRequired)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Titre *"), { target: { value: "  Fuite sous l'évier " } });
    fireEvent.click(within(form).getByRole("button", { name: "Ajouter l’imprévu" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.issueAdded));
    const sent = api.requests("POST", "/api/project-issues")[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ project_id: SITE_IDS.project, title: "Fuite sous l'évier" });
    expect(sent.client_key).toMatch(/^[0-9a-f-]{36}$/);

    fireEvent.click(await screen.findByRole("button", { name: "Modifier l’imprévu Fuite sous l'évier" }));
    const edit = screen.getByRole("form", { name: "Modifier l’imprévu Fuite sous l'évier" });
    fireEvent.change(within(edit).getByLabelText("Description"), { target: { value: "Joint à changer" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.issueUpdated));
    expect(state.issues[0]?.description).toBe("Joint à changer");
    expect(api.requests("PUT", "/api/project-issues/:id")[0]?.path).toBe(`/api/project-issues/${state.issues[0]?.id}`);

    fireEvent.click(screen.getByRole("button", { name: "Supprimer l’imprévu Fuite sous l'évier" }));
    const confirm = await screen.findByRole("alertdialog");
    fireEvent.click(within(confirm).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(PROJECT_TEXTS.issueDeleted));
    expect(state.issues).toEqual([]);
    expect(await screen.findByText(PROJECT_TEXTS.noIssues)).toBeTruthy();
  });

  it("keeps what is done offline, says it waits, and sends it in order when the connection returns", async () => {
    const state = serve(makeSiteProject());
    page();
    await task(/Dépose/);
    setOnline(false);
    fireEvent.click(await task(/Carrelage mural/));
    fireEvent.click(screen.getByRole("button", { name: "Signaler un imprévu" }));
    fireEvent.change(screen.getByLabelText("Titre *"), { target: { value: "Mur humide" } });
    fireEvent.click(screen.getByRole("button", { name: "Ajouter l’imprévu" }));

    expect(await screen.findAllByText("en attente de synchronisation (2)")).toHaveLength(2);
    expect(screen.getByText("Hors ligne")).toBeTruthy();
    expect(((await task(/Carrelage mural/)) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole("article", { name: "Mur humide" })).toBeTruthy();
    expect(api.requests("PUT")).toEqual([]);
    expect(screen.getByRole("button", { name: PROJECT_TEXTS.finish }).hasAttribute("disabled")).toBe(true);

    setOnline(true);
    await waitFor(() => expect(screen.queryAllByText(/en attente de synchronisation/)).toEqual([]));
    const sent = api.requests().filter((r) => r.method !== "GET");
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /api/project-tasks/${SITE_IDS.taskB}`,
      "POST /api/project-issues",
    ]);
    expect(state.project.tasks[1]?.is_done).toBe(true);
    expect(state.issues.map((i) => i.title)).toEqual(["Mur humide"]);
    await waitFor(() =>
      expect(vi.mocked(toast.success).mock.calls).toEqual([
        ["Synchronisation terminée", { description: "2\u00a0actions envoyées" }],
      ]),
    );
  });

  it("sends an imprévu written offline with the time it was written, not the time it was sent", async () => {
    serve(makeSiteProject());
    page();
    await task(/Dépose/);
    setOnline(false);
    const writing = Date.now();
    fireEvent.click(screen.getByRole("button", { name: "Signaler un imprévu" }));
    fireEvent.change(screen.getByLabelText("Titre *"), { target: { value: "Mur humide" } });
    fireEvent.click(screen.getByRole("button", { name: "Ajouter l’imprévu" }));
    expect(await screen.findByRole("article", { name: "Mur humide" })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reconnected = Date.now();
    setOnline(true);
    await waitFor(() => expect(api.requests("POST", "/api/project-issues")).toHaveLength(1));
    const body = api.requests("POST", "/api/project-issues")[0]?.body as { written_at?: string; client_key?: string };
    expect(body.client_key).toBeTruthy();
    expect(typeof body.written_at).toBe("string");
    const written = Date.parse(body.written_at as string);
    expect(written).toBeGreaterThanOrEqual(writing);
    expect(written).toBeLessThan(reconnected);
  });

  it("offline, the finish bar is one row of PHONE_CHROME.finishBar px just above the bottom bar, and tasks stop clear of the bars", async () => {
    serve(makeSiteProject());
    page();
    await task(/Dépose/);
    setOnline(false);
    const bar = await screen.findByTestId("site-finish-bar");
    expect(bar.style.height).toBe(`${PHONE_CHROME.finishBar}px`);
    expect(bar.className).toContain("flex-row");
    expect(bar.className).toContain(`bottom-[calc(${(PHONE_CHROME.bottomBar + PHONE_CHROME.gap) / 16}rem`);
    // What it waits for, beside the button, in two lines at most.
    const finish = within(bar).getByRole("button", { name: PROJECT_TEXTS.finish });
    expect(finish.hasAttribute("disabled")).toBe(true);
    const hint = bar.querySelector("#site-finish-blocked") as HTMLElement;
    expect(hint.parentElement).toBe(bar);
    expect(hint.textContent).toBe(SITE_TEXTS.finishOffline);
    expect(hint.querySelector(".line-clamp-2")).not.toBeNull();
    for (const row of screen.getAllByRole("checkbox").map((box) => box.closest("li") as HTMLElement)) {
      expect(row.style.scrollMarginBottom).toBe(`${SITE_BOTTOM_COVER}px`);
      expect(row.style.scrollMarginTop).toBe(`${SITE_TOP_COVER}px`);
    }
  });

  it("shows what the server refused, never drops it, and lets the user remove it", async () => {
    serve(makeSiteProject());
    api.put("/api/project-tasks/:id", projectTaskDetailSchema, () => apiError(409, PROJECT_TEXTS.notInProgress));
    page();
    fireEvent.click(await task(/Dépose/));
    const refused = await screen.findByRole("list", { name: "Non envoyé" });
    expect(refused.textContent).toContain("Tâche cochée\u00a0: Dépose de l'ancienne baignoire");
    expect(refused.textContent).toContain(PROJECT_TEXTS.notInProgress);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(PROJECT_TEXTS.updateFailed, {
        description: PROJECT_TEXTS.notInProgress,
      }),
    );
    // The tick is not shown as done: the server did not take it.
    expect(((await task(/Dépose/)) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(refused).getByRole("button", { name: "Retirer" }));
    await waitFor(() => expect(screen.queryByRole("list", { name: "Non envoyé" })).toBeNull());
  });
});
