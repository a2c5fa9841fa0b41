import { describe, expect, it } from "vitest";
import { stripAppPrefix } from "./app-prefix-redirect";

describe("stripAppPrefix", () => {
  it("maps the /app readings of the invoice screens to the route table", () => {
    expect(stripAppPrefix("/app")).toBe("/");
    expect(stripAppPrefix("/app/")).toBe("/");
    expect(stripAppPrefix("/app/invoices")).toBe("/invoices");
    expect(stripAppPrefix("/app/invoices/12/edit")).toBe("/invoices/12/edit");
  });

  it("leaves other paths alone", () => {
    expect(stripAppPrefix("/apply")).toBe("/apply");
    expect(stripAppPrefix("/clients")).toBe("/clients");
  });
});
