import { invoiceAlertDetail, quoteAlertDetail } from "@shared/dashboard-rules";
import { formatDate, formatEuro, plural } from "@shared/format";

/** The words of « À relancer » (docs/domain/messages.md#to-remind). */
export const REMINDER_TEXTS = {
  title: "À relancer",
  quotes: "Devis sans réponse",
  invoices: "Factures en retard",
  noQuotes: "Aucun devis à relancer",
  noQuotesText: "Les devis envoyés attendent encore leur délai de relance, ou ont reçu une réponse.",
  noInvoices: "Aucune facture en retard",
  noInvoicesText: "Toutes vos factures émises sont dans les temps.",
  loadFailed: "Impossible de charger les relances",
  remind: "Relancer",
} as const;

/** « Devis envoyés depuis 7 jours ou plus sans réponse, factures échues non réglées. » */
export function remindersIntro(afterDays: number): string {
  return `Devis envoyés depuis ${plural(afterDays, "jour")} ou plus sans réponse, factures échues non réglées. Un document relancé revient ici ${plural(afterDays, "jour")} plus tard s’il reste sans suite.`;
}

/** A quote's line: « Envoyé il y a 10 jours · 1 234,00 € TTC ». */
export function quoteReminderDetail(days: number, total: number): string {
  return `${quoteAlertDetail(days)} · ${formatEuro(total)} TTC`;
}

/** A late invoice's line: « En retard de 12 jours · 1 234,56 € » (what remains due) and its due date. */
export function invoiceReminderDetail(daysLate: number, remaining: number, dueDate: string): string {
  return `${invoiceAlertDetail(daysLate, remaining)} · échue le ${formatDate(dueDate)}`;
}

/** « Relancé le 12/05/2026 », or null when never reminded. */
export function lastReminded(at: string | null): string | null {
  return at ? `Relancé le ${formatDate(new Date(at))}` : null;
}
