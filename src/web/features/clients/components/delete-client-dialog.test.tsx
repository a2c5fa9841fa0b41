import { CLIENT_TEXTS, clientHasDocumentsMessage } from "@shared/client-rules";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { toast as appToast } from "@web/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  apiError,
  type FakeApi,
  fakeApi,
  installBrowserStubs,
  makeClient,
  noContent,
  renderWithProviders,
} from "../test/render";
import { DeleteClientDialog } from "./delete-client-dialog";

const toast = vi.mocked(appToast, true);

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("DeleteClientDialog", () => {
  it("deletes the client after the confirmation", async () => {
    api.delete("/api/clients/:id", () => noContent());
    const client = makeClient();
    const onDeleted = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<DeleteClientDialog client={client} onClose={onClose} onDeleted={onDeleted} />);
    expect(
      await screen.findByRole("alertdialog", { name: "Êtes-vous sûr de vouloir supprimer ce client\u202f?" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(CLIENT_TEXTS.deleted));
    expect(api.requests("DELETE").map((r) => r.path)).toEqual([`/api/clients/${client.id}`]);
    expect(onDeleted).toHaveBeenCalledWith(client);
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's 409 message when the client has documents", async () => {
    const message = clientHasDocumentsMessage({ quotes: 3 });
    api.delete("/api/clients/:id", () => apiError(409, message));
    const onDeleted = vi.fn();
    renderWithProviders(<DeleteClientDialog client={makeClient()} onClose={() => {}} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(CLIENT_TEXTS.deleteFailed, { description: message }));
    expect(message).toMatch(/^Ce client a 3\u00a0devis\u00a0: /);
    expect(onDeleted).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
