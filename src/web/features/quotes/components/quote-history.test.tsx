import { type QuoteHistoryEntry, quoteHistoryEntrySchema } from "@shared/quote-history";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CLIENT_ID, type FakeApi, fakeApi, installBrowserStubs, renderWithProviders } from "../test/render";
import { QuoteHistoryList } from "./quote-history";

const QUOTE_ID = "5b1f0c2e-7a3d-4e8f-9b6c-1d2e3f4a5b6c";
const NEW_CLIENT_ID = "6c2e1d3f-8b4e-4f9a-8c7d-2e3f4a5b6c7d";
const GONE_CLIENT_ID = "7d3f2e4a-9c5f-4a0b-9d8e-3f4a5b6c7d8e";

let api: FakeApi;
beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("QuoteHistoryList", () => {
  it("names the clients of a client change from the history's answer, without asking for any client", async () => {
    const history: QuoteHistoryEntry[] = [
      {
        id: "1",
        action: "updated",
        user_name: "Marie Durand",
        created_at: "2026-11-20T09:00:00.000Z",
        changes: { client_id: { from: CLIENT_ID, to: NEW_CLIENT_ID } },
        metadata: null,
        client_names: { [CLIENT_ID]: "Famille Martin", [NEW_CLIENT_ID]: "Atelier Bois" },
      },
      {
        id: "2",
        action: "updated",
        user_name: "Marie Durand",
        created_at: "2026-11-21T09:00:00.000Z",
        changes: { client_id: { from: NEW_CLIENT_ID, to: GONE_CLIENT_ID } },
        metadata: null,
        client_names: { [NEW_CLIENT_ID]: "Atelier Bois" },
      },
    ];
    api.get("/api/quotes/:id/history", z.array(quoteHistoryEntrySchema), () => history);
    renderWithProviders(<QuoteHistoryList quoteId={QUOTE_ID} />);
    const entries = await screen.findAllByTestId("quote-history-entry");
    // Newest first: the client since deleted (not named by the server) reads « Autre client ».
    expect(entries[0]?.textContent).toContain("Atelier Bois");
    expect(entries[0]?.textContent).toContain("Autre client");
    expect(entries[1]?.textContent).toContain("Famille Martin");
    expect(entries[1]?.textContent).toContain("Atelier Bois");
    expect(api.requests().map((r) => r.path)).toEqual([`/api/quotes/${QUOTE_ID}/history`]);
  });
});
