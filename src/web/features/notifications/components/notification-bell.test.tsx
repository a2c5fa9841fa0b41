import { notificationsSchema } from "@shared/signing";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { type FakeApi, fakeApi } from "@web/test/fake-api";
import { installBrowserStubs, renderWithProviders } from "@web/test/render";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Notifications } from "../api/notifications";
import { NotificationBell } from "./notification-bell";

let api: FakeApi;

beforeEach(() => {
  installBrowserStubs();
  api = fakeApi().install();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST: Notifications = {
  unread: 1,
  data: [
    {
      id: "0b5c1c52-7a3f-4c35-9a0e-3c3f2f0e9c01",
      kind: "quote_signed",
      title: SIGNING_TEXTS.notification,
      body: "Jeanne Martin a signé le devis DEV-2026-0042 (Rénovation salle de bain).",
      href: "/quotes?search=DEV-2026-0042",
      created_at: "2026-05-12T12:32:05.000Z",
      read_at: null,
    },
    {
      id: "0b5c1c52-7a3f-4c35-9a0e-3c3f2f0e9c02",
      kind: "quote_signed",
      title: SIGNING_TEXTS.notification,
      body: "Paul Durand a signé le devis DEV-2026-0040 (Toiture).",
      href: "/quotes?search=DEV-2026-0040",
      created_at: "2026-05-10T08:00:00.000Z",
      read_at: "2026-05-10T09:00:00.000Z",
    },
  ],
};

describe("NotificationBell", () => {
  it("counts the unread ones, lists them, and marks one read when followed", async () => {
    api.get("/api/notifications", notificationsSchema, () => LIST);
    api.post("/api/notifications/:id/read", notificationsSchema, () => ({
      unread: 0,
      data: LIST.data.map((n) => ({ ...n, read_at: n.read_at ?? "2026-05-12T13:00:00.000Z" })),
    }));
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications\u00a0: 1 non lue" });
    expect(screen.getByTestId("notification-count").textContent).toBe("1");
    fireEvent.click(bell);
    const item = await screen.findByRole("menuitem", { name: /Jeanne Martin a signé le devis DEV-2026-0042/ });
    expect(screen.getByRole("menuitem", { name: /Paul Durand/ })).toBeTruthy();
    fireEvent.click(item);
    await waitFor(() => expect(api.requests("POST", "/api/notifications/:id/read")).toHaveLength(1));
    expect(api.requests("POST", "/api/notifications/:id/read")[0]?.params.id).toBe(LIST.data[0]?.id);
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeTruthy();
    // One GET: the answer of the POST is the list as it now is.
    expect(api.requests("GET", "/api/notifications")).toHaveLength(1);
  });

  it("beyond nine, the badge says « 9+ » and the name holds it (label in name)", async () => {
    api.get("/api/notifications", notificationsSchema, () => ({
      unread: 12,
      data: LIST.data.map((n) => ({ ...n, read_at: null })),
    }));
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole("button", { name: "Notifications\u00a0: 9+ non lues" });
    const badge = screen.getByTestId("notification-count").textContent ?? "";
    expect(badge).toBe("9+");
    expect(bell.getAttribute("aria-label")).toContain(badge.replace("+", ""));
  });

  it("says when there is nothing", async () => {
    api.get("/api/notifications", notificationsSchema, () => ({ unread: 0, data: [] }));
    renderWithProviders(<NotificationBell />);
    await waitFor(() => expect(api.requests("GET", "/api/notifications")).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText(SIGNING_TEXTS.notificationsEmpty)).toBeTruthy();
    expect(screen.queryByTestId("notification-count")).toBeNull();
  });
});
