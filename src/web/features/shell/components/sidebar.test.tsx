import { DEFAULT_ROLES } from "@shared/permissions";
import { cleanup, render, screen } from "@testing-library/react";
import { installBrowserStubs } from "@web/test/render";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { companyEntries } from "../lib/nav-items";
import { keepInView, Sidebar } from "./sidebar";

const admin = {
  role: "Administrateur",
  permissions: DEFAULT_ROLES.find((role) => role.name === "Administrateur")?.permissions ?? [],
};
const user = {
  firstName: "Pierre",
  lastName: "Durand",
  email: "admin@durand-renovation.fr",
  isSuperAdmin: false,
  companyName: "Durand Rénovation",
};

/** Boxes as a 1366 × 657 window lays them out (768 px less the browser's bars): the list is cut at 480 px. */
const NAV_BOX = { top: 80, bottom: 480 };
const ENTRY_HEIGHT = 34;

function layOut() {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const nav = this.closest("nav");
    if (this.tagName === "NAV") return DOMRect.fromRect({ x: 0, y: NAV_BOX.top, width: 256, height: 400 });
    if (!nav || this.tagName !== "A") return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
    // The n-th entry, where it is once the list is scrolled by nav.scrollTop.
    const index = [...nav.querySelectorAll("a")].indexOf(this as HTMLAnchorElement);
    const top = NAV_BOX.top + 8 + index * ENTRY_HEIGHT - nav.scrollTop;
    return DOMRect.fromRect({ x: 0, y: top, width: 232, height: ENTRY_HEIGHT - 2 });
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar
        entries={companyEntries(admin)}
        open
        onToggle={() => {}}
        user={user}
        onLogout={async () => {}}
        homePath="/"
        context="Durand Rénovation"
      />
    </MemoryRouter>,
  );
}

beforeEach(() => installBrowserStubs());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("Sidebar on a laptop's short screen (issue 32)", () => {
  it("scrolls the list so that the page's entry is in view (Rôles, at the foot of an admin's fifteen)", () => {
    layOut();
    renderAt("/app/admin/roles");
    const nav = screen.getByRole("navigation", { name: "Navigation principale" });
    const active = screen.getByRole("link", { name: "Rôles" });
    expect(active.getAttribute("aria-current")).toBe("page");
    expect(nav.scrollTop).toBeGreaterThan(0);
    const box = active.getBoundingClientRect();
    expect(box.top).toBeGreaterThanOrEqual(NAV_BOX.top);
    expect(box.bottom).toBeLessThanOrEqual(NAV_BOX.bottom);
  });

  it("leaves the list where it is when the page's entry is already in view", () => {
    layOut();
    renderAt("/quotes");
    expect(screen.getByRole("navigation", { name: "Navigation principale" }).scrollTop).toBe(0);
  });

  it("tightens its entries on a short screen (the class the screenshots at 1366 × 768 check)", () => {
    renderAt("/");
    expect(screen.getByRole("link", { name: "Accueil" }).className).toContain("[@media(max-height:820px)]:min-h-8");
  });
});

describe("keepInView", () => {
  function boxes(container: { top: number; bottom: number }, item: { top: number; bottom: number }) {
    const outer = document.createElement("div");
    const inner = document.createElement("div");
    outer.getBoundingClientRect = () =>
      DOMRect.fromRect({ y: container.top, height: container.bottom - container.top });
    inner.getBoundingClientRect = () => DOMRect.fromRect({ y: item.top, height: item.bottom - item.top });
    outer.scrollTop = 100;
    return { outer, inner };
  }

  it("scrolls down by what is hidden below, up by what is hidden above, not at all when in view", () => {
    const below = boxes({ top: 0, bottom: 400 }, { top: 390, bottom: 430 });
    keepInView(below.outer, below.inner);
    expect(below.outer.scrollTop).toBe(130);
    const above = boxes({ top: 0, bottom: 400 }, { top: -20, bottom: 20 });
    keepInView(above.outer, above.inner);
    expect(above.outer.scrollTop).toBe(80);
    const inside = boxes({ top: 0, bottom: 400 }, { top: 100, bottom: 140 });
    keepInView(inside.outer, inside.inner);
    expect(inside.outer.scrollTop).toBe(100);
  });
});
