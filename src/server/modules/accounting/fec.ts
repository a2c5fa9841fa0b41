import { ACCOUNT_LABELS, type AccountingAccounts, FEC_COLUMNS, FEC_JOURNALS } from "@shared/accounting";
import { parisToday } from "@shared/dates";
import type { JournalKind } from "@shared/journal";
import type { DocumentContent, MoneyContent, RateCents } from "../journal/journal-content";

/**
 * The FEC (fichier des écritures comptables, LPF art. L47 A and A47 A-1; docs/domain/accounting.md) of a
 * fiscal year, written from the unalterable journal in its order: the sales journal (VT) for issued
 * invoices, deposits and credit notes, the bank journal (BQ) for payments, their reversals and refunds.
 * Each entry is balanced (debits = credits) to the cent. Pure: the route reads the entries, this writes.
 */

/** A journal entry as the FEC reads it. */
export interface FecSource {
  seq: number;
  kind: JournalKind;
  /** The document's number (FAC-…, AV-…), or the paid invoice's for a payment. */
  reference: string;
  /** When it was recorded (ISO): the entry's validation date. */
  recordedAt: string;
  content: unknown;
}

export interface FecLine {
  journal: keyof typeof FEC_JOURNALS;
  num: number;
  date: string;
  account: string;
  accountLabel: string;
  aux: { num: string; label: string } | null;
  pieceRef: string;
  pieceDate: string;
  label: string;
  debit: number;
  credit: number;
  validDate: string;
}

/** Amounts in cents as the FEC writes them: decimal comma, no thousands separator. */
export const fecAmount = (cents: number) => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
};

/** yyyy-mm-dd → AAAAMMJJ. */
const fecDate = (day: string) => day.replaceAll("-", "");

/** A label without what breaks a flat file (tabs, pipes, line breaks). */
const clean = (text: string) => text.replace(/[\t|\r\n]+/g, " ").trim();

const accountFor = (map: Record<string, string>, rate: number) => map[String(rate)] ?? map.default ?? "";

/** The client's auxiliary account: the prefix and the first 8 characters of its id (stable, unique in practice). */
export const clientAux = (accounts: AccountingAccounts, clientId: string) =>
  `${accounts.clientAuxPrefix}${clientId.replaceAll("-", "").slice(0, 8).toUpperCase()}`;

/** The lines of one document (an invoice, a deposit, a credit note reverses the one it credits). */
function documentLines(doc: DocumentContent, accounts: AccountingAccounts) {
  const deposit = doc.type === "deposit" || (doc.type === "credit_note" && doc.credited?.type === "deposit");
  const lines: { account: string; accountLabel: string; client: boolean; debit: number; credit: number }[] = [];
  const sum = (rates: readonly RateCents[], key: "net" | "tax") => rates.reduce((s, r) => s + r[key], 0);
  lines.push({
    account: accounts.clients,
    accountLabel: ACCOUNT_LABELS.clients,
    client: true,
    debit: doc.total,
    credit: 0,
  });
  if (deposit) {
    lines.push({
      account: accounts.deposits,
      accountLabel: ACCOUNT_LABELS.deposits,
      client: false,
      debit: 0,
      credit: sum(doc.rates, "net"),
    });
  } else {
    const depositsNet = sum(doc.deposits, "net");
    if (depositsNet !== 0) {
      lines.push({
        account: accounts.deposits,
        accountLabel: ACCOUNT_LABELS.deposits,
        client: false,
        debit: depositsNet,
        credit: 0,
      });
    }
    for (const rate of doc.rates) {
      const account = accountFor(accounts.sales, rate.rate);
      lines.push({
        account,
        accountLabel: ACCOUNT_LABELS.sales(rate.rate, account),
        client: false,
        debit: 0,
        credit: rate.net,
      });
    }
  }
  for (const rate of doc.rates) {
    // On a final invoice, the VAT of its deposits was collected with them: only the rest here.
    const tax = rate.tax - (deposit ? 0 : (doc.deposits.find((d) => d.rate === rate.rate)?.tax ?? 0));
    lines.push({
      account: accountFor(accounts.vat, rate.rate),
      accountLabel: ACCOUNT_LABELS.vat(rate.rate),
      client: false,
      debit: 0,
      credit: tax,
    });
  }
  // A credit note writes the same lines the other way.
  return doc.type === "credit_note" ? lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })) : lines;
}

const DOCUMENT_LABELS = { invoice: "Facture", deposit: "Facture d’acompte", credit_note: "Avoir" } as const;
const MONEY_LABELS = { payment: "Règlement", payment_reversal: "Annulation du règlement", refund: "Remboursement" };

/** The FEC's lines of the entries whose date falls in `year`, numbered in the journal's order. */
export function fecLines(entries: readonly FecSource[], accounts: AccountingAccounts, year: number): FecLine[] {
  const out: FecLine[] = [];
  let num = 0;
  // The Paris day of a time, by its UTC hour (Paris is a whole number of hours off UTC): a year's ~35,000
  // entries fall in a few thousand hours, each formatted once (docs/domain/accounting.md#performance).
  const validDates = new Map<string, string>();
  const validDateOf = (recordedAt: string) => {
    const hour = recordedAt.slice(0, 13);
    let day = validDates.get(hour);
    if (day === undefined) {
      day = fecDate(parisToday(new Date(recordedAt)));
      validDates.set(hour, day);
    }
    return day;
  };
  for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
    const validDate = validDateOf(entry.recordedAt);
    if (entry.kind === "invoice" || entry.kind === "credit_note") {
      const doc = entry.content as DocumentContent;
      if (!doc.date.startsWith(`${year}-`)) continue;
      num += 1;
      const aux = { num: clientAux(accounts, doc.client.id), label: clean(doc.client.name) };
      const label = clean(`${DOCUMENT_LABELS[doc.type]} ${entry.reference} ${doc.client.name}`);
      const date = fecDate(doc.date);
      for (const line of documentLines(doc, accounts)) {
        if (line.debit === 0 && line.credit === 0) continue;
        out.push({
          journal: "sales",
          num,
          date,
          account: line.account,
          accountLabel: line.accountLabel,
          aux: line.client ? aux : null,
          pieceRef: entry.reference,
          pieceDate: date,
          label,
          debit: line.debit,
          credit: line.credit,
          validDate,
        });
      }
    } else if (entry.kind === "payment" || entry.kind === "payment_reversal" || entry.kind === "refund") {
      const money = entry.content as MoneyContent;
      // Paid with a credit note's credit: no money moved, the client's account already holds the credit.
      if (money.method === "credit_note" || !money.date.startsWith(`${year}-`) || money.amount === 0) continue;
      num += 1;
      const incoming = entry.kind === "payment";
      const label = clean(`${MONEY_LABELS[entry.kind]} ${money.reference} ${money.client.name}`);
      const date = fecDate(money.date);
      const common = {
        journal: "bank" as const,
        num,
        date,
        pieceRef: money.reference,
        pieceDate: date,
        label,
        validDate,
      };
      const bank = { account: accounts.bank, accountLabel: ACCOUNT_LABELS.bank, aux: null };
      const client = {
        account: accounts.clients,
        accountLabel: ACCOUNT_LABELS.clients,
        aux: { num: clientAux(accounts, money.client.id), label: clean(money.client.name) },
      };
      out.push({ ...common, ...bank, debit: incoming ? money.amount : 0, credit: incoming ? 0 : money.amount });
      out.push({ ...common, ...client, debit: incoming ? 0 : money.amount, credit: incoming ? money.amount : 0 });
    }
  }
  return out;
}

/** The file: its name `<SIREN>FEC<AAAAMMJJ>.txt` (the fiscal year's closing date) and its tab-separated text. */
export function buildFec(
  entries: readonly FecSource[],
  accounts: AccountingAccounts,
  { siren, year }: { siren: string; year: number },
) {
  const lines = fecLines(entries, accounts, year);
  const rows = lines.map((l) =>
    [
      accounts.journals[l.journal],
      FEC_JOURNALS[l.journal].label,
      String(l.num),
      l.date,
      l.account,
      clean(l.accountLabel),
      l.aux?.num ?? "",
      l.aux?.label ?? "",
      clean(l.pieceRef),
      l.pieceDate,
      l.label,
      fecAmount(l.debit),
      fecAmount(l.credit),
      "",
      "",
      l.validDate,
      "",
      "",
    ].join("\t"),
  );
  return {
    fileName: `${siren}FEC${year}1231.txt`,
    text: `${[FEC_COLUMNS.join("\t"), ...rows].join("\r\n")}\r\n`,
    entries: lines.at(-1)?.num ?? 0,
  };
}
