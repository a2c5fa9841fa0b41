import { signingLinkSchema } from "@shared/signing";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, fakeApi, makeQuote, renderWithProviders } from "../test/render";
import { QuoteSignature } from "./quote-signature";

vi.mock("@web/lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const navigate = vi.fn();
vi.mock("react-router", async (original) => ({
  ...(await original<typeof import("react-router")>()),
  useNavigate: () => navigate,
}));

let api: FakeApi;
beforeEach(() => {
  api = fakeApi().install();
  navigate.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("QuoteSignature", () => {
  it("shows who signed, when and how, with the signed PDF", () => {
    const onDownloadPdf = vi.fn();
    const quote = makeQuote({
      status: "valide",
      signature: {
        signer_name: "Jeanne Martin",
        signed_at: "2026-05-12T12:32:05.000Z",
        ip: "203.0.113.42",
        user_agent: "Mozilla/5.0",
        pdf_sha256: "ab".repeat(32),
        via: "link",
      },
    });
    renderWithProviders(
      <QuoteSignature quote={quote} canEdit isMobile={false} pdfPending={false} onDownloadPdf={onDownloadPdf} />,
    );
    expect(screen.getByText(`${SIGNING_TEXTS.signedBy} Jeanne Martin`)).toBeTruthy();
    expect(screen.getByText(new RegExp(SIGNING_TEXTS.via.link))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: SIGNING_TEXTS.downloadSigned }));
    expect(onDownloadPdf).toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: SIGNING_TEXTS.signOnSite })).toBeNull();
  });

  it("« Faire signer sur place » makes a link and opens its page in this tab", async () => {
    api.post("/api/quotes/:id/signing-link", signingLinkSchema, () => ({
      url: "http://localhost:3000/signer/abc",
      path: "/signer/abc",
      expires_at: "2026-06-10T22:00:00.000Z",
    }));
    const quote = makeQuote({ status: "envoye au client" });
    renderWithProviders(<QuoteSignature quote={quote} canEdit isMobile pdfPending={false} onDownloadPdf={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: SIGNING_TEXTS.signOnSite }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/signer/abc"));
    expect(api.requests("POST", "/api/quotes/:id/signing-link")[0]?.params.id).toBe(quote.id);
  });

  it("offers nothing to a user who cannot edit quotes, nor on a refused quote", () => {
    const { unmount } = renderWithProviders(
      <QuoteSignature
        quote={makeQuote()}
        canEdit={false}
        isMobile={false}
        pdfPending={false}
        onDownloadPdf={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button")).toBeNull();
    unmount();
    renderWithProviders(
      <QuoteSignature
        quote={makeQuote({ status: "refuse" })}
        canEdit
        isMobile={false}
        pdfPending={false}
        onDownloadPdf={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});
