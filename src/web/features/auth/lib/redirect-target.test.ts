import { describe, expect, it } from "vitest";
import { loginUrlFor, postLoginPath, requestedPathFrom, safeRedirectPath } from "./redirect-target";

describe("safeRedirectPath", () => {
  it.each([
    ["/clients", "/clients"],
    ["/invoices/42/edit?tab=lines#total", "/invoices/42/edit?tab=lines#total"],
    ["/app/admin/roles", "/app/admin/roles"],
    ["/", "/"],
    ["/superadmin/companies", "/superadmin/companies"],
  ])("accepts the internal path %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example/phish",
    "http://localhost:3000/clients",
    "//evil.example",
    "//evil.example/clients",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "clients",
    "",
    " /clients",
    "/cli\nents",
    "/login",
    "/login?redirect=/clients",
    "/login/",
  ])("refuses %j", (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath({ pathname: "/clients" })).toBeNull();
  });

  it("normalises dot segments without leaving the origin", () => {
    expect(safeRedirectPath("/clients/../invoices")).toBe("/invoices");
    expect(safeRedirectPath("/../../etc")).toBe("/etc");
  });
});

describe("postLoginPath", () => {
  const admin = { role: "Administrateur", permissions: ["admin:access"] };
  const superadmin = { role: "superadmin", permissions: [] };

  it("returns a user to the path first requested, else home", () => {
    expect(postLoginPath(admin, "/clients")).toBe("/clients");
    expect(postLoginPath(admin, "https://evil.example")).toBe("/");
    expect(postLoginPath(admin, null)).toBe("/");
  });

  it("sends a SuperAdmin to /superadmin unless a superadmin page was requested", () => {
    expect(postLoginPath(superadmin, "/clients")).toBe("/superadmin");
    expect(postLoginPath(superadmin, null)).toBe("/superadmin");
    expect(postLoginPath(superadmin, "/superadmin/companies")).toBe("/superadmin/companies");
    expect(postLoginPath({ role: "SuperAdmin" }, "/superadminx")).toBe("/superadmin");
  });
});

describe("requestedPathFrom / loginUrlFor", () => {
  it("prefers the location state, then the redirect parameter", () => {
    expect(requestedPathFrom({ from: "/quotes" }, "?redirect=%2Fclients")).toBe("/quotes");
    expect(requestedPathFrom(null, "?redirect=%2Fclients")).toBe("/clients");
    expect(requestedPathFrom({ from: "//evil.example" }, "?redirect=https%3A%2F%2Fevil.example")).toBeNull();
  });

  it("round-trips through the login URL", () => {
    const url = loginUrlFor("/invoices/7?tab=1");
    expect(url).toBe("/login?redirect=%2Finvoices%2F7%3Ftab%3D1");
    expect(requestedPathFrom(undefined, url.slice(url.indexOf("?")))).toBe("/invoices/7?tab=1");
    expect(loginUrlFor("/")).toBe("/login");
    expect(loginUrlFor("//evil.example")).toBe("/login");
  });
});
