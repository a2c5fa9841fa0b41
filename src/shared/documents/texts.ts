/** The messages every document kind says alike (a quote's and an invoice's discount are one rule). */
export const DOCUMENT_TEXTS = {
  discountRange: "La remise doit être entre 0 et 100 %",
  discountAmountPositive: "La remise doit être positive",
  discountTooLarge: "La remise ne peut pas dépasser le sous-total",
} as const;
