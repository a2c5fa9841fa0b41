import { DEFAULT_ACCOUNTS, FEC_COLUMNS } from "@shared/accounting";
import { describe, expect, it } from "vitest";
import type { DocumentContent, MoneyContent } from "../journal/journal-content";
import { buildFec, clientAux, type FecSource, fecAmount } from "./fec";

const martin = { id: "6f1c1f50-8f38-4a53-9d0f-4a2b8f2f2b11", name: "Famille\tMartin" };
const at = (day: string) => `${day}T10:00:00.000Z`;

const deposit: DocumentContent = {
  type: "deposit",
  date: "2026-03-02",
  client: martin,
  rates: [{ rate: 10, net: 30_000, tax: 3_000 }],
  deposits: [],
  total: 33_000,
};
const final: DocumentContent = {
  type: "invoice",
  date: "2026-04-15",
  client: martin,
  rates: [
    { rate: 10, net: 100_000, tax: 10_000 },
    { rate: 20, net: 20_000, tax: 4_000 },
  ],
  deposits: [{ rate: 10, net: 30_000, tax: 3_000 }],
  total: 101_000,
};
const creditNote: DocumentContent = {
  ...final,
  type: "credit_note",
  date: "2026-05-01",
  credited: { reference: "FAC-2026-0002", type: "invoice" },
};
const money = (reference: string, amount: number, date: string, method = "bank_transfer"): MoneyContent => ({
  reference,
  date,
  client: martin,
  method,
  amount,
});

const entries: FecSource[] = [
  { seq: 1, kind: "invoice", reference: "FAC-2026-0001", recordedAt: at("2026-03-02"), content: deposit },
  {
    seq: 2,
    kind: "payment",
    reference: "FAC-2026-0001",
    recordedAt: at("2026-03-05"),
    content: money("FAC-2026-0001", 33_000, "2026-03-05"),
  },
  { seq: 3, kind: "invoice", reference: "FAC-2026-0002", recordedAt: at("2026-04-15"), content: final },
  {
    seq: 4,
    kind: "payment",
    reference: "FAC-2026-0002",
    recordedAt: at("2026-04-20"),
    content: money("FAC-2026-0002", 101_000, "2026-04-20"),
  },
  {
    seq: 5,
    kind: "payment_reversal",
    reference: "FAC-2026-0002",
    recordedAt: at("2026-04-21"),
    content: { ...money("FAC-2026-0002", 101_000, "2026-04-21"), reverses: { seq: 4, reason: "Chèque impayé" } },
  },
  { seq: 6, kind: "credit_note", reference: "AV-2026-0001", recordedAt: at("2026-05-01"), content: creditNote },
  // Paid with a credit: no money moved, no bank entry.
  {
    seq: 7,
    kind: "payment",
    reference: "FAC-2026-0003",
    recordedAt: at("2026-05-02"),
    content: money("FAC-2026-0003", 5_000, "2026-05-02", "credit_note"),
  },
  {
    seq: 8,
    kind: "closing",
    reference: "Clôture mois 2026-04",
    recordedAt: at("2026-05-03"),
    content: { period: "month", key: "2026-04" },
  },
  // Another year's document stays out of 2026's file.
  {
    seq: 9,
    kind: "invoice",
    reference: "FAC-2027-0001",
    recordedAt: at("2027-01-02"),
    content: { ...deposit, date: "2027-01-02" },
  },
];

/** The file read back: its header and its rows as objects by column. */
function parse(text: string) {
  const [header, ...rows] = text.replace(/\r\n$/, "").split("\r\n");
  const columns = (header ?? "").split("\t");
  return {
    columns,
    rows: rows.map((row) => {
      const cells = row.split("\t");
      expect(cells).toHaveLength(18);
      return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ""])) as Record<
        (typeof FEC_COLUMNS)[number],
        string
      >;
    }),
  };
}
const cents = (amount: string) => Math.round(Number(amount.replace(",", ".")) * 100);

describe("the FEC of a fiscal year", () => {
  const fec = buildFec(entries, DEFAULT_ACCOUNTS, { siren: "812345676", year: 2026 });
  const { columns, rows } = parse(fec.text);
  const entry = (num: number) =>
    rows
      .filter((r) => r.EcritureNum === String(num))
      .map((r) => [r.JournalCode, r.CompteNum, r.CompAuxNum, r.Debit, r.Credit]);

  it("is named <SIREN>FEC<closing date>.txt, its first line the 18 fields of A47 A-1 in order", () => {
    expect(fec.fileName).toBe("812345676FEC20261231.txt");
    expect(columns).toEqual([...FEC_COLUMNS]);
    expect(fec.entries).toBe(6);
  });

  it("balances every entry (debits = credits) and numbers them in the journal's order", () => {
    const nums = [...new Set(rows.map((r) => r.EcritureNum))];
    expect(nums).toEqual(["1", "2", "3", "4", "5", "6"]);
    for (const num of nums) {
      const lines = rows.filter((r) => r.EcritureNum === num);
      const debit = lines.reduce((s, r) => s + cents(r.Debit), 0);
      const credit = lines.reduce((s, r) => s + cents(r.Credit), 0);
      expect(debit, `écriture ${num}`).toBe(credit);
      expect(debit).toBeGreaterThan(0);
    }
  });

  it("a deposit: the client debited, 4191 and the VAT credited", () => {
    const aux = clientAux(DEFAULT_ACCOUNTS, martin.id);
    expect(aux).toBe("C6F1C1F50");
    expect(entry(1)).toEqual([
      ["VT", "411000", aux, "330,00", "0,00"],
      ["VT", "419100", "", "0,00", "300,00"],
      ["VT", "445711", "", "0,00", "30,00"],
    ]);
  });

  it("a final invoice: the deposit taken back from 4191, the works per rate, the VAT not yet collected", () => {
    expect(entry(3)).toEqual([
      ["VT", "411000", "C6F1C1F50", "1010,00", "0,00"],
      ["VT", "419100", "", "300,00", "0,00"],
      ["VT", "704100", "", "0,00", "1000,00"],
      ["VT", "704200", "", "0,00", "200,00"],
      ["VT", "445711", "", "0,00", "70,00"],
      ["VT", "445712", "", "0,00", "40,00"],
    ]);
  });

  it("payments and their reversal in the bank journal; a credit note the other way; a payment by credit not at all", () => {
    expect(entry(2)).toEqual([
      ["BQ", "512000", "", "330,00", "0,00"],
      ["BQ", "411000", "C6F1C1F50", "0,00", "330,00"],
    ]);
    expect(entry(5)).toEqual([
      ["BQ", "512000", "", "0,00", "1010,00"],
      ["BQ", "411000", "C6F1C1F50", "1010,00", "0,00"],
    ]);
    expect(entry(6)[0]).toEqual(["VT", "411000", "C6F1C1F50", "0,00", "1010,00"]);
    expect(rows.some((r) => r.PieceRef === "FAC-2026-0003" || r.PieceRef === "FAC-2027-0001")).toBe(false);
  });

  it("fills the auxiliary account only on the clients' lines; dates AAAAMMJJ; labels without tabs", () => {
    for (const row of rows) {
      expect(row.CompAuxNum !== "", row.CompteNum).toBe(row.CompteNum === "411000");
      expect(row.CompAuxLib === "").toBe(row.CompAuxNum === "");
      expect(row.EcritureDate).toMatch(/^2026\d{4}$/);
      expect(row.ValidDate).toMatch(/^2026\d{4}$/);
    }
    expect(rows[0]).toMatchObject({
      JournalLib: "Journal des ventes",
      CompAuxLib: "Famille Martin",
      PieceRef: "FAC-2026-0001",
      PieceDate: "20260302",
      EcritureLib: "Facture d’acompte FAC-2026-0001 Famille Martin",
    });
  });

  it("writes amounts with a decimal comma and no thousands separator", () => {
    expect([fecAmount(0), fecAmount(5), fecAmount(123_456_789), fecAmount(-1_050)]).toEqual([
      "0,00",
      "0,05",
      "1234567,89",
      "-10,50",
    ]);
  });

  it("balances any final invoice, whatever its rates and deposits (random documents)", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let i = 0; i < 300; i++) {
      const rates = [20, 10, 5.5, 0]
        .filter(() => random(2) === 0)
        .map((rate) => {
          const net = random(5_000_000);
          return { rate, net, tax: Math.round((net * rate) / 100) };
        });
      const deposits = rates
        .filter(() => random(2) === 0)
        .map((r) => {
          const net = random(r.net + 1);
          return { rate: r.rate, net, tax: Math.round((net * r.rate) / 100) };
        });
      const total = rates.reduce((s, r) => s + r.net + r.tax, 0) - deposits.reduce((s, d) => s + d.net + d.tax, 0);
      const type = (["invoice", "credit_note", "deposit"] as const)[random(3)] ?? "invoice";
      const doc: DocumentContent = { ...final, type, rates, deposits: type === "deposit" ? [] : deposits, total };
      if (type === "deposit") doc.total = rates.reduce((s, r) => s + r.net + r.tax, 0);
      const { rows: lines } = parse(
        buildFec(
          [
            {
              seq: 1,
              kind: type === "credit_note" ? "credit_note" : "invoice",
              reference: "FAC-2026-0002",
              recordedAt: at("2026-04-15"),
              content: doc,
            },
          ],
          DEFAULT_ACCOUNTS,
          {
            siren: "812345676",
            year: 2026,
          },
        ).text,
      );
      const debit = lines.reduce((s, r) => s + cents(r.Debit), 0);
      const credit = lines.reduce((s, r) => s + cents(r.Credit), 0);
      expect(debit, JSON.stringify(doc)).toBe(credit);
    }
  });
});
