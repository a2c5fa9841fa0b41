import { describe, expect, it } from "vitest";
import { exportFileName, lastMonthPeriod, xmlFileName } from "./export-period";

describe("lastMonthPeriod", () => {
  it("is the whole month before today", () => {
    expect(lastMonthPeriod("2026-11-27")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(lastMonthPeriod("2026-11-01")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(lastMonthPeriod("2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(lastMonthPeriod("2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
  });

  it("goes back over a new year", () => {
    expect(lastMonthPeriod("2027-01-05")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

describe("file names", () => {
  it("names the ZIP by its period and the XML by its reference", () => {
    expect(exportFileName({ from: "2026-10-01", to: "2026-10-31" })).toBe("factures-2026-10-01-au-2026-10-31.zip");
    expect(xmlFileName({ reference: "FAC-2026-0001" })).toBe("FAC-2026-0001.xml");
  });
});
