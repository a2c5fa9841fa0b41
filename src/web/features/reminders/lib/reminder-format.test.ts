import { describe, expect, it } from "vitest";
import { invoiceReminderDetail, lastReminded, quoteReminderDetail, remindersIntro } from "./reminder-format";

describe("reminder-format", () => {
  it("words a quote's and an invoice's line", () => {
    expect(quoteReminderDetail(10, 1234)).toBe("Envoyé il y a 10\u00a0jours · 1\u202f234,00\u00a0€ TTC");
    expect(invoiceReminderDetail(1, 50, "2026-11-26")).toBe(
      "En retard de 1\u00a0jour · 50,00\u00a0€ · échue le 26/11/2026",
    );
  });

  it("dates the last reminder, none when never reminded", () => {
    expect(lastReminded("2026-11-20T09:00:00.000Z")).toBe("Relancé le 20/11/2026");
    expect(lastReminded(null)).toBeNull();
  });

  it("says the delay of the company's setting", () => {
    expect(remindersIntro(7)).toContain("depuis 7\u00a0jours ou plus");
    expect(remindersIntro(1)).toContain("depuis 1\u00a0jour ou plus");
  });
});
