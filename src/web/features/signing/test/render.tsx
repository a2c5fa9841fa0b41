import type { SigningView } from "@shared/signing";

export * from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

/** An open link's view: a small quote of Bâti Rhône for Famille Martin. */
export function makeOpenView(): SigningView {
  return {
    state: "open",
    signed: null,
    quote: {
      reference: "DEV-2026-0042",
      version: 1,
      name: "Rénovation salle de bain",
      date: "2026-05-10",
      valid_until: "2026-06-10",
      company: {
        name: "Bâti Rhône",
        address_lines: ["12 rue de la République", "69002 Lyon"],
        phone: "04 78 00 00 00",
        email: "bureau@bati.fr",
        logo_url: null,
      },
      client: { name: "Famille Martin", address_lines: ["3 rue Neuve", "69001 Lyon"] },
      lines: [
        {
          kind: "item",
          name: "Dépose carrelage",
          description: null,
          quantity: 2,
          unit: "m²",
          unit_price: 150,
          tax_rate: 20,
          total: 300,
        },
      ],
      totals: {
        net: 300,
        discount: 0,
        discount_percentage: 0,
        tax: 60,
        total: 360,
        vat_breakdown: [{ rate: 20, net: 300, tax: 60 }],
      },
      terms: "Acompte de 30 % à la commande.",
      pdf_url: "/api/signing/tok/pdf",
    },
  };
}
