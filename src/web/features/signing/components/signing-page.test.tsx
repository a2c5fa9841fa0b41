import { signingViewSchema } from "@shared/signing";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { spaced } from "@web/test/text";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { drawStroke, STUB_PNG, stubCanvas } from "../test/canvas";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeOpenView,
  renderWithProviders,
} from "../test/render";
import { SigningPage } from "./signing-page";

/** Testing Library reads texts with their spaces collapsed (no-break ones too). */

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  stubCanvas();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the signing page", () => {
  it("shows the quote without a session, and « Signer » only once a signature is drawn", async () => {
    api.get("/api/signing/:token", signingViewSchema, () => makeOpenView());
    api.post("/api/signing/:token", signingViewSchema, () => ({
      state: "signed" as const,
      quote: null,
      signed: { signer_name: "Jeanne Martin", signed_at: "2026-05-12T12:32:05.000Z" },
    }));
    renderWithProviders(<SigningPage token="tok" />);
    expect(await screen.findByRole("heading", { level: 1, name: "Devis DEV-2026-0042" })).toBeTruthy();
    expect(screen.getByText("Bâti Rhône")).toBeTruthy();
    expect(screen.getAllByText("Dépose carrelage").length).toBeGreaterThan(0);
    expect(screen.getByText("Acompte de 30 % à la commande.")).toBeTruthy();
    expect(screen.getByRole("link", { name: SIGNING_TEXTS.download }).getAttribute("href")).toBe(
      "/api/signing/tok/pdf",
    );
    expect(new Headers(api.fetch.mock.calls[0]?.[1]?.headers).get("Authorization")).toBeNull();

    const sign = screen.getByRole("button", { name: SIGNING_TEXTS.sign }) as HTMLButtonElement;
    expect(sign.disabled).toBe(true);
    drawStroke(screen.getByRole("img", { name: "Zone de signature" }));
    expect(sign.disabled).toBe(false);

    // The name and « Bon pour accord » are asked for before anything is sent.
    fireEvent.click(sign);
    expect(await screen.findByText(SIGNING_TEXTS.signerNameRequired)).toBeTruthy();
    expect(screen.getByText(spaced(SIGNING_TEXTS.approvalRequired))).toBeTruthy();
    expect(api.requests("POST", "/api/signing/:token")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(SIGNING_TEXTS.signerName), { target: { value: " Jeanne Martin " } });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(sign);
    expect(await screen.findByRole("heading", { name: SIGNING_TEXTS.signed })).toBeTruthy();
    const [request] = api.requests("POST", "/api/signing/:token");
    expect(request?.body).toEqual({ signer_name: "Jeanne Martin", approved: true, signature: STUB_PNG });
    expect(screen.getByRole("link", { name: SIGNING_TEXTS.downloadSigned })).toBeTruthy();
  });

  it.each([
    ["expired", "Lien expiré", SIGNING_TEXTS.states.expired],
    ["refused", "Devis refusé", SIGNING_TEXTS.states.refused],
    ["cancelled", "Devis annulé", SIGNING_TEXTS.states.cancelled],
  ] as const)("a %s link shows its page, not the quote", async (state, title, text) => {
    api.get("/api/signing/:token", signingViewSchema, () => ({ state, quote: null, signed: null }));
    renderWithProviders(<SigningPage token="tok" />);
    expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
    expect(screen.getByText(spaced(text))).toBeTruthy();
    expect(screen.queryByRole("button", { name: SIGNING_TEXTS.sign })).toBeNull();
  });

  it("a signed quote says by whom; an unknown link says it is invalid", async () => {
    api.get("/api/signing/:token", signingViewSchema, () => ({
      state: "signed" as const,
      quote: null,
      signed: { signer_name: "Jeanne Martin", signed_at: "2026-05-12T12:32:05.000Z" },
    }));
    const { unmount } = renderWithProviders(<SigningPage token="tok" />);
    expect(await screen.findByRole("heading", { name: "Devis déjà signé" })).toBeTruthy();
    expect(screen.getByText("Jeanne Martin")).toBeTruthy();
    unmount();

    api.get("/api/signing/:token", signingViewSchema, () => apiError(404, SIGNING_TEXTS.states.invalid));
    renderWithProviders(<SigningPage token="autre" />);
    expect(await screen.findByRole("heading", { name: "Lien invalide" })).toBeTruthy();
    expect(screen.getByText(spaced(SIGNING_TEXTS.states.invalid))).toBeTruthy();
  });

  it("a link of an older version of the quote (410) and a suspended company's link (403) say so, without the quote", async () => {
    api.get("/api/signing/:token", signingViewSchema, () => apiError(410, SIGNING_TEXTS.states.outdated));
    const { unmount } = renderWithProviders(<SigningPage token="ancien" />);
    expect(await screen.findByRole("heading", { name: "Devis modifié" })).toBeTruthy();
    expect(screen.getByText(spaced(SIGNING_TEXTS.states.outdated))).toBeTruthy();
    expect(screen.queryByRole("button", { name: SIGNING_TEXTS.sign })).toBeNull();
    unmount();

    api.get("/api/signing/:token", signingViewSchema, () => apiError(403, SIGNING_TEXTS.states.suspended));
    renderWithProviders(<SigningPage token="suspendu" />);
    expect(await screen.findByRole("heading", { name: "Signature indisponible" })).toBeTruthy();
    expect(screen.getByText(spaced(SIGNING_TEXTS.states.suspended))).toBeTruthy();
  });

  it("the quote changed while the client was signing: the page says so (410), and shows the version it presents", async () => {
    let changed = false;
    const view = makeOpenView();
    const quote = view.quote ? { ...view.quote, version: 2 } : null;
    api.get("/api/signing/:token", signingViewSchema, () =>
      changed ? apiError(410, SIGNING_TEXTS.states.outdated) : { ...view, quote },
    );
    api.post("/api/signing/:token", signingViewSchema, () => {
      changed = true;
      return apiError(410, SIGNING_TEXTS.states.outdated);
    });
    renderWithProviders(<SigningPage token="tok" />);
    await screen.findByRole("heading", { level: 1, name: "Devis DEV-2026-0042" });
    expect(screen.getByText("Version 2")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(SIGNING_TEXTS.signerName), { target: { value: "Jeanne Martin" } });
    fireEvent.click(screen.getByRole("checkbox"));
    drawStroke(screen.getByRole("img", { name: "Zone de signature" }));
    fireEvent.click(screen.getByRole("button", { name: SIGNING_TEXTS.sign }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Devis modifié" })).toBeTruthy());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a link signed meanwhile: the page shows its new state", async () => {
    let signed = false;
    api.get("/api/signing/:token", signingViewSchema, () =>
      signed
        ? {
            state: "signed" as const,
            quote: null,
            signed: { signer_name: "Paul Martin", signed_at: "2026-05-12T12:00:00.000Z" },
          }
        : makeOpenView(),
    );
    api.post("/api/signing/:token", signingViewSchema, () => {
      signed = true;
      return apiError(409, SIGNING_TEXTS.states.signed);
    });
    renderWithProviders(<SigningPage token="tok" />);
    await screen.findByRole("heading", { level: 1, name: "Devis DEV-2026-0042" });
    fireEvent.change(screen.getByLabelText(SIGNING_TEXTS.signerName), { target: { value: "Jeanne Martin" } });
    fireEvent.click(screen.getByRole("checkbox"));
    drawStroke(screen.getByRole("img", { name: "Zone de signature" }));
    fireEvent.click(screen.getByRole("button", { name: SIGNING_TEXTS.sign }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Devis déjà signé" })).toBeTruthy());
    expect(screen.getByText("Paul Martin")).toBeTruthy();
  });
});
