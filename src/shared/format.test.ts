import { afterEach, describe, expect, it, vi } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatDeduction,
  formatEuro,
  formatLongDate,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatTime,
  formatWeekdayDate,
  plural,
} from "./format";
import { formatHours, formatPhone, formatQuantityUnit, formatSiret, unitAfter } from "./format-trade";

describe("numbers", () => {
  it("writes euros with two decimals, digit groups split by U+202F and U+00A0 before the sign", () => {
    expect(formatEuro(1234.5)).toBe("1\u202f234,50\u00a0€");
    expect(formatEuro(1_054_294.35)).toBe("1\u202f054\u202f294,35\u00a0€");
    expect(formatEuro(0)).toBe("0,00\u00a0€");
    expect(formatEuro(9.999)).toBe("10,00\u00a0€");
    expect(formatEuro(-397.34)).toBe("-397,34\u00a0€");
    // A value that rounds to zero has no minus sign.
    expect(formatEuro(-0.001)).toBe("0,00\u00a0€");
    expect(formatDeduction(1397.34)).toBe("\u2212\u00a01\u202f397,34\u00a0€");
  });

  it("writes rates with up to two decimals, or exactly the decimals asked for", () => {
    expect(formatPercent(5.5)).toBe("5,5\u00a0%");
    expect(formatPercent(20)).toBe("20\u00a0%");
    expect(formatPercent(12.345)).toBe("12,35\u00a0%");
    expect(formatPercent(66.66666, 1)).toBe("66,7\u00a0%");
    expect(formatPercent(0, 1)).toBe("0,0\u00a0%");
    expect(formatPercent(100, 1)).toBe("100,0\u00a0%");
    expect(formatPercent(1250, 1)).toBe("1\u202f250,0\u00a0%");
    expect(formatPercent(7, 2)).toBe("7,00\u00a0%");
  });

  it("writes quantities with up to three decimals and counts as integers, grouped", () => {
    expect(formatQuantity(12.5)).toBe("12,5");
    expect(formatQuantity(2.125)).toBe("2,125");
    expect(formatQuantity(1250)).toBe("1\u202f250");
    expect(formatQuantity(0.0004)).toBe("0");
    expect(formatCount(1200)).toBe("1\u202f200");
    expect(formatNumber(1234.5)).toBe("1\u202f234,5");
    expect(formatNumber(0.000001)).toBe("0,000001");
    expect(formatNumber(200)).toBe("200");
    expect(formatCount(1_234_567)).toBe("1\u202f234\u202f567");
    expect(formatCount(7)).toBe("7");
  });

  it("computes plurals, zero and one singular, never « (s) »", () => {
    expect(plural(0, "client")).toBe("0\u00a0client");
    expect(plural(1, "autre")).toBe("1\u00a0autre");
    expect(plural(2, "autre")).toBe("2\u00a0autres");
    expect(plural(12, "heure")).toBe("12\u00a0heures");
    expect(plural(1200, "ligne")).toBe("1\u202f200\u00a0lignes");
    expect(plural(3, "devis", "devis")).toBe("3\u00a0devis");
    expect(plural(2, "travail", "travaux")).toBe("2\u00a0travaux");
  });
});

describe("units, hours, telephone numbers and SIRET", () => {
  it("puts a unit in the plural from 2, as French does (0 and 1 singular, symbols invariable)", () => {
    expect(formatQuantityUnit(2, "unité")).toBe("2\u00a0unités");
    expect(formatQuantityUnit(1, "unité")).toBe("1\u00a0unité");
    expect(formatQuantityUnit(0, "unité")).toBe("0\u00a0unité");
    expect(formatQuantityUnit(1.5, "heure")).toBe("1,5\u00a0heure");
    expect(formatQuantityUnit(12.5, "heure")).toBe("12,5\u00a0heures");
    expect(formatQuantityUnit(3, "jour")).toBe("3\u00a0jours");
    expect(formatQuantityUnit(2, "forfait")).toBe("2\u00a0forfaits");
    expect(formatQuantityUnit(1250, "pièce")).toBe("1\u202f250\u00a0pièces");
    for (const symbol of ["m²", "m", "ml", "kg", "u", "M3"]) expect(unitAfter(24, symbol)).toBe(symbol);
    // Already plural-looking words and free text are left alone.
    expect(unitAfter(3, "lots")).toBe("lots");
    expect(unitAfter(3, "sac 25 kg")).toBe("sac 25 kg");
    expect(formatQuantityUnit(2, "")).toBe("2");
  });

  it("writes hours to the minute: « 4 h », « 2 h 30 », « 6 h 56 », « 15 min »", () => {
    expect(formatHours(4)).toBe("4\u00a0h");
    expect(formatHours(9)).toBe("9\u00a0h");
    expect(formatHours(2.5)).toBe("2\u00a0h\u00a030");
    expect(formatHours(6 + 56 / 60)).toBe("6\u00a0h\u00a056");
    expect(formatHours(6.9333)).toBe("6\u00a0h\u00a056");
    expect(formatHours(0.75)).toBe("45\u00a0min");
    expect(formatHours(0.1)).toBe("6\u00a0min");
    expect(formatHours(1.05)).toBe("1\u00a0h\u00a003");
    expect(formatHours(0)).toBe("0\u00a0h");
    expect(formatHours(1234)).toBe("1\u202f234\u00a0h");
    expect(formatHours(7.999)).toBe("8\u00a0h");
  });

  it("writes a clock time « 9 h », « 9 h 30 », « 14 h 05 »", () => {
    expect(formatTime(new Date(2026, 10, 23, 9, 0))).toBe("9\u00a0h");
    expect(formatTime(new Date(2026, 10, 23, 9, 30))).toBe("9\u00a0h\u00a030");
    expect(formatTime(new Date(2026, 10, 23, 14, 5))).toBe("14\u00a0h\u00a005");
    expect(formatTime(new Date(2026, 10, 23, 0, 0))).toBe("0\u00a0h");
    expect(formatTime("pas une heure")).toBe("");
  });

  it("groups a French telephone number in pairs, +33 numbers too, and leaves any other as typed", () => {
    expect(formatPhone("0612345678")).toBe("06\u00a012\u00a034\u00a056\u00a078");
    expect(formatPhone("06.12.34.56.78")).toBe("06\u00a012\u00a034\u00a056\u00a078");
    expect(formatPhone(" 04 78-12-34-56 ")).toBe("04\u00a078\u00a012\u00a034\u00a056");
    expect(formatPhone("+33612345678")).toBe("+33\u00a06\u00a012\u00a034\u00a056\u00a078");
    expect(formatPhone("+33 (0)6 12 34 56 78")).toBe("+33\u00a06\u00a012\u00a034\u00a056\u00a078");
    expect(formatPhone("0033 4 78 12 34 56")).toBe("+33\u00a04\u00a078\u00a012\u00a034\u00a056");
    expect(formatPhone("+41 22 123 45 67")).toBe("+41 22 123 45 67");
    expect(formatPhone("3949")).toBe("3949");
  });

  it("groups a SIREN by threes and a SIRET's establishment after it", () => {
    expect(formatSiret("123456789")).toBe("123\u00a0456\u00a0789");
    expect(formatSiret("12345678900012")).toBe("123\u00a0456\u00a0789\u00a000012");
    expect(formatSiret("123 456 789 00012")).toBe("123\u00a0456\u00a0789\u00a000012");
    expect(formatSiret("12345")).toBe("12345");
  });
});

describe("dates", () => {
  it("writes a business day as dd/mm/yyyy and in words", () => {
    expect(formatDate("2026-03-09")).toBe("09/03/2026");
    expect(formatDate("2026-12-31")).toBe("31/12/2026");
    expect(formatLongDate("2026-02-01")).toBe("1 février 2026");
    expect(formatLongDate("2026-08-15")).toBe("15 août 2026");
    expect(formatMonthYear("2025-08-03")).toBe("août 2025");
    expect(formatWeekdayDate("2026-11-22")).toBe("dimanche 22 novembre 2026");
  });

  it("writes an instant in the runtime's time zone", () => {
    const instant = new Date(2026, 10, 24, 23, 30);
    expect(formatWeekdayDate(instant)).toBe("mardi 24 novembre 2026");
    expect(formatLongDate(instant.toISOString())).toBe("24 novembre 2026");
    expect(formatMonthYear(instant)).toBe("novembre 2026");
    expect(formatDate(instant)).toBe("24/11/2026");
    expect(formatDateTime(new Date(2026, 2, 12, 14, 5).toISOString())).toBe("12 mars 2026 à 14\u00a0h\u00a005");
    expect(formatDateTime(new Date(2026, 0, 3, 9, 0))).toBe("03 janv. 2026 à 9\u00a0h");
  });

  it("writes a span of days once: « 23–29 novembre 2026 », across months and years", () => {
    expect(formatDayRange("2026-11-23", "2026-11-29")).toBe("23\u201329 novembre 2026");
    expect(formatDayRange("2026-11-30", "2026-12-06")).toBe("30 novembre\u00a0\u2013 6 décembre 2026");
    expect(formatDayRange("2026-12-28", "2027-01-03")).toBe("28 décembre 2026\u00a0\u2013 3 janvier 2027");
    expect(formatDayRange("2026-11-23", "2026-11-23")).toBe("23 novembre 2026");
    expect(formatDayRange("2026-11-23", "pas une date")).toBe("");
  });

  it("gives '' for a missing or unreadable date", () => {
    for (const format of [formatDate, formatLongDate, formatWeekdayDate, formatMonthYear, formatDateTime]) {
      expect(format(null)).toBe("");
      expect(format(undefined)).toBe("");
      expect(format("")).toBe("");
      expect(format("pas une date")).toBe("");
      expect(format("2026-02-31")).toBe("");
      expect(format(new Date(Number.NaN))).toBe("");
    }
  });

  describe("in a time zone far from UTC", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it.each(["America/Los_Angeles", "Pacific/Kiritimati"])("keeps a business day's date (%s)", async (zone) => {
      vi.stubEnv("TZ", zone);
      vi.resetModules();
      const format = await import("./format");
      // Read as a local instant, 2026-02-01 would be 31 January in Los Angeles.
      expect(format.formatDate("2026-02-01")).toBe("01/02/2026");
      expect(format.formatLongDate("2026-02-01")).toBe("1 février 2026");
      expect(format.formatWeekdayDate("2026-02-01")).toBe("dimanche 1 février 2026");
      expect(format.formatMonthYear("2026-03-01")).toBe("mars 2026");
      // An instant follows the zone: 23:30 UTC is the next day at Kiritimati (UTC+14).
      const lateUtc = "2026-02-01T23:30:00Z";
      expect(format.formatDate(lateUtc)).toBe(zone === "Pacific/Kiritimati" ? "02/02/2026" : "01/02/2026");
    });
  });
});
