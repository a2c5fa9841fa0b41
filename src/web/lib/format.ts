import { format } from "date-fns";
import { fr } from "date-fns/locale";

const euroFormatter = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/** 1234.5 → « 1 234,50 € » (French formatting, spec 1 §1). */
export function formatEuro(amount: number): string {
  return euroFormatter.format(amount);
}

/** « lundi 24 novembre 2025 » */
export function formatLongDate(date: Date): string {
  return format(date, "EEEE d MMMM yyyy", { locale: fr });
}

/** « novembre 2025 » (client card, spec 1 §9). */
export function formatMonthYear(date: Date): string {
  return format(date, "MMMM yyyy", { locale: fr });
}
