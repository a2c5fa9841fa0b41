import { CLIENT_TEXTS, clientHasDocumentsMessage } from "@shared/clients";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installBrowserStubs, jsonResponse, makeClient, renderWithProviders } from "../test/render";
import { DeleteClientDialog } from "./delete-client-dialog";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  installBrowserStubs();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("DeleteClientDialog", () => {
  it("deletes the client after the confirmation", async () => {
    fetchMock.mockResolvedValue(jsonResponse(204, null));
    const client = makeClient();
    const onDeleted = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<DeleteClientDialog client={client} onClose={onClose} onDeleted={onDeleted} />);
    expect(screen.getByRole("alertdialog", { name: "Êtes-vous sûr de vouloir supprimer ce client ?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.deleted));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain(`/api/clients/${client.id}`);
    expect(init?.method).toBe("DELETE");
    expect(onDeleted).toHaveBeenCalledWith(client);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's 409 message when the client has documents", async () => {
    const message = clientHasDocumentsMessage({ quotes: 3 });
    fetchMock.mockResolvedValue(jsonResponse(409, { error: message, message, code: "CONFLICT" }));
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteClientDialog client={makeClient()} onClose={() => {}} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CLIENT_TEXTS.deleteFailed, { description: message }));
    expect(message).toMatch(/^Ce client a 3\u00a0devis\u00a0: /);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
