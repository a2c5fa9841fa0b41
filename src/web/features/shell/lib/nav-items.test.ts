import { DEFAULT_ROLES } from "@shared/permissions";
import { describe, expect, it } from "vitest";
import { BOTTOM_TABS, bottomTabs, drawerEntries, sidebarEntries } from "./nav-items";

const rolePermissions = (name: string) => DEFAULT_ROLES.find((r) => r.name === name)?.permissions ?? [];

const admin = { role: "Administrateur", permissions: rolePermissions("Administrateur") };
const teamLeader = { role: "Chef d'équipe", permissions: rolePermissions("Chef d'équipe") };
const worker = { role: "Compagnon", permissions: rolePermissions("Compagnon") };
const superadmin = { role: "superadmin", permissions: ["*"] };

const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe("sidebarEntries", () => {
  it("shows an admin every company entry, in the spec's order (« Bibliothèque », issue 10, after « Devis »; « Messages envoyés », issue 18)", () => {
    expect(labels(sidebarEntries(admin))).toEqual([
      "Accueil",
      "Clients",
      "Chantiers",
      "Planning",
      "Équipes",
      "Devis",
      "Bibliothèque",
      "Factures",
      "À relancer",
      "Véhicules",
      "Équipements",
      "Utilisateurs",
      "Messages envoyés",
      "Paramètres",
      "Rôles",
    ]);
  });

  it("shows a team leader the team-leader entries but no administration", () => {
    expect(labels(sidebarEntries(teamLeader))).toEqual([
      "Accueil",
      "Clients",
      "Chantiers",
      "Planning",
      "Équipes",
      "Devis",
      "Bibliothèque",
      "Factures",
      "À relancer",
      "Véhicules",
      "Équipements",
    ]);
  });

  it("shows a worker only the entries visible to all: no « Devis » nor « À relancer » (no money, issue 32)", () => {
    expect(labels(sidebarEntries(worker))).toEqual(["Accueil", "Chantiers", "Planning", "Véhicules", "Équipements"]);
    expect(labels(sidebarEntries({ ...worker, permissions: [...worker.permissions, "quotes:view"] }))).toContain(
      "Devis",
    );
  });

  it("needs roles:view on top of admin for « Rôles »", () => {
    const adminWithoutRoles = { role: "Admin", permissions: ["admin:access", "users:view"] };
    const entries = labels(sidebarEntries(adminWithoutRoles));
    expect(entries).toContain("Utilisateurs");
    expect(entries).not.toContain("Rôles");
    expect(labels(sidebarEntries({ role: "x", permissions: ["roles:view"] }))).not.toContain("Rôles");
  });

  it("counts team:manage alone as team leader, and wildcards as everything", () => {
    expect(labels(sidebarEntries({ role: "x", permissions: ["team:manage"] }))).toContain("Factures");
    expect(labels(sidebarEntries({ role: "x", permissions: ["*"] }))).toContain("Rôles");
  });

  it("gives the SuperAdmin the platform navigation", () => {
    expect(sidebarEntries(superadmin).map((e) => [e.label, e.to])).toEqual([
      ["Tableau de bord plateforme", "/superadmin"],
      ["Entreprises", "/superadmin/companies"],
    ]);
  });

  it("shows only the entries for all when nobody is signed in", () => {
    expect(labels(sidebarEntries(null))).toEqual(labels(sidebarEntries(worker)).filter((l) => l !== "À relancer"));
  });

  it("shows « À relancer » to whoever sees quotes or invoices (issue 18)", () => {
    expect(labels(sidebarEntries({ role: "x", permissions: ["invoices:view"] }))).toContain("À relancer");
    expect(labels(sidebarEntries({ role: "x", permissions: ["quotes:view"] }))).toContain("À relancer");
    expect(labels(sidebarEntries({ role: "x", permissions: ["projects:view"] }))).not.toContain("À relancer");
  });
});

describe("mobile navigation", () => {
  it("has the four bottom tabs of the spec", () => {
    expect(BOTTOM_TABS.map((t) => [t.label, t.to])).toEqual([
      ["Accueil", "/"],
      ["Chantiers", "/projects"],
      ["Devis", "/quotes"],
      ["Planning", "/calendar"],
    ]);
  });

  it("keeps « Devis » out of the bottom bar of whoever cannot read quotes (issue 32)", () => {
    expect(labels(bottomTabs(admin))).toEqual(["Accueil", "Chantiers", "Devis", "Planning"]);
    expect(labels(bottomTabs(worker))).toEqual(["Accueil", "Chantiers", "Planning"]);
  });

  it("lists the drawer with Clients and Factures first (issue 32), with the sidebar's visibility", () => {
    expect(labels(drawerEntries(admin))).toEqual([
      "Clients",
      "Factures",
      "À relancer",
      "Bibliothèque",
      "Équipes",
      "Véhicules",
      "Équipements",
      "Utilisateurs",
      "Messages envoyés",
      "Rôles",
      "Paramètres",
    ]);
    expect(labels(drawerEntries(teamLeader))).toEqual([
      "Clients",
      "Factures",
      "À relancer",
      "Bibliothèque",
      "Équipes",
      "Véhicules",
      "Équipements",
    ]);
    // Neither quotes nor invoices (issue 32): nothing to remind.
    expect(labels(drawerEntries(worker))).toEqual(["Véhicules", "Équipements"]);
  });
});
