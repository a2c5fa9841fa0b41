import { describe, expect, it } from "vitest";
import {
  acceptanceRate,
  formatChange,
  growthPercent,
  invoiceAlertDetail,
  lastMonths,
  monthOf,
  monthsBackStart,
  quoteAlertDetail,
  revenuePeriods,
  sameDayLastMonth,
  satisfactionPercent,
  todayTaskTime,
} from "./dashboard-rules";

describe("months (docs/domain/dashboard.md#revenue)", () => {
  it("monthOf: the first and last day, February of a leap year and not", () => {
    expect(monthOf("2026-03-17")).toEqual({ start: "2026-03-01", end: "2026-03-31" });
    expect(monthOf("2028-02-10")).toEqual({ start: "2028-02-01", end: "2028-02-29" });
    expect(monthOf("2027-02-10")).toEqual({ start: "2027-02-01", end: "2027-02-28" });
    expect(monthOf("2026-12-31")).toEqual({ start: "2026-12-01", end: "2026-12-31" });
  });

  it("sameDayLastMonth: kept within last month (31 March → 29 February of a leap year), January → December", () => {
    expect(sameDayLastMonth("2028-03-31")).toBe("2028-02-29");
    expect(sameDayLastMonth("2027-03-31")).toBe("2027-02-28");
    expect(sameDayLastMonth("2026-05-31")).toBe("2026-04-30");
    expect(sameDayLastMonth("2026-11-27")).toBe("2026-10-27");
    expect(sameDayLastMonth("2027-01-15")).toBe("2026-12-15");
    expect(sameDayLastMonth("2027-01-31")).toBe("2026-12-31");
  });

  it("revenuePeriods: this month to date against last month's first days up to the same day", () => {
    expect(revenuePeriods("2026-11-27")).toEqual({
      current: { start: "2026-11-01", end: "2026-11-27" },
      previous: { start: "2026-10-01", end: "2026-10-27" },
    });
    // The last day of a month is compared with the whole of a shorter last month.
    expect(revenuePeriods("2028-03-31")).toEqual({
      current: { start: "2028-03-01", end: "2028-03-31" },
      previous: { start: "2028-02-01", end: "2028-02-29" },
    });
    expect(revenuePeriods("2027-01-01")).toEqual({
      current: { start: "2027-01-01", end: "2027-01-01" },
      previous: { start: "2026-12-01", end: "2026-12-01" },
    });
  });

  it("monthsBackStart and lastMonths: 12 months, the current one included, across a year", () => {
    expect(monthsBackStart("2026-11-27", 12)).toBe("2025-12-01");
    expect(monthsBackStart("2027-01-05", 12)).toBe("2026-02-01");
    expect(monthsBackStart("2026-12-31", 1)).toBe("2026-12-01");
    expect(lastMonths("2027-01-05", 12)).toEqual([
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
    ]);
    expect(lastMonths("2026-11-27", 3)).toEqual(["2026-09", "2026-10", "2026-11"]);
  });
});

describe("rates", () => {
  it("growthPercent: one decimal; null with an empty (or negative) last month", () => {
    expect(growthPercent(1200, 1000)).toBe(20);
    expect(growthPercent(900, 1200)).toBe(-25);
    expect(growthPercent(1000, 3000)).toBe(-66.7);
    expect(growthPercent(0, 500)).toBe(-100);
    expect(growthPercent(1500, 0)).toBeNull();
    expect(growthPercent(0, 0)).toBeNull();
    // A month of credit notes only is below zero: nothing to compare with either.
    expect(growthPercent(100, -50)).toBeNull();
  });

  it("satisfactionPercent and acceptanceRate: the share of oui, null without any answer", () => {
    expect(satisfactionPercent(4, 5)).toBe(80);
    expect(satisfactionPercent(2, 3)).toBe(66.7);
    expect(satisfactionPercent(0, 2)).toBe(0);
    expect(satisfactionPercent(0, 0)).toBeNull();
    expect(acceptanceRate(6, 7)).toBe(85.7);
    expect(acceptanceRate(0, 0)).toBeNull();
  });

  it("formatChange: a plus sign, a true minus sign, nothing for zero, one decimal at most", () => {
    expect(formatChange(2)).toBe("+2");
    expect(formatChange(-1)).toBe("\u22121");
    expect(formatChange(0)).toBe("0");
    expect(formatChange(12.5, " pts")).toBe("+12,5 pts");
    expect(formatChange(-3.25, "\u00a0%")).toBe("\u22123,3\u00a0%");
  });
});

describe("texts", () => {
  it("the alerts' details and today's day of a worksite, in French", () => {
    expect(quoteAlertDetail(3)).toBe("Envoyé il y a 3\u00a0jours");
    expect(quoteAlertDetail(1)).toBe("Envoyé il y a 1\u00a0jour");
    expect(invoiceAlertDetail(12, 1234.5)).toBe("En retard de 12\u00a0jours · 1\u202f234,50\u00a0€");
    expect(invoiceAlertDetail(1, 80)).toBe("En retard de 1\u00a0jour · 80,00\u00a0€");
    expect(todayTaskTime(2, 5)).toBe("Jour 2 sur 5");
  });
});
