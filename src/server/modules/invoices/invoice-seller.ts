/**
 * Who issues an invoice, as printed (docs/decisions/0015-invoice-mentions.md): read from the company for
 * a draft, frozen into `invoices.seller_snapshot` when the invoice is issued (a later change of the
 * company's address or insurer never rewrites an issued invoice).
 */
export interface InvoiceSeller {
  name: string;
  /** Address lines: address1, address2, « zip city », the country when not France. */
  address_lines: string[];
  phone: string | null;
  email: string | null;
  website: string | null;
  siret: string | null;
  /** The first 9 digits of the SIRET. */
  siren: string | null;
  tva_number: string | null;
  /** « SARL », « SAS », « EI »… */
  legal_form: string | null;
  /** As printed, e.g. « 10 000 € ». */
  share_capital: string | null;
  /** « RCS Lyon 812 345 678 » or « RM 69 ». */
  registration: string | null;
  insurer_name: string | null;
  insurer_policy: string | null;
  insurance_coverage: string | null;
  /** Franchise en base: no VAT, « TVA non applicable, art. 293 B du CGI ». */
  vat_franchise: boolean;
  /**
   * Option pour le paiement de la taxe d'après les débits (CGI art. 269-2 c; 2026 reform: printed). Absent
   * from the snapshots frozen before it: read as false.
   */
  vat_on_debits?: boolean;
  /** The logo's file (bytes read when rendering), null without one; kept once frozen at issue (docs/domain/files.md). */
  logo_file_id: string | null;
  /**
   * The account the invoice is paid to (company settings, docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants):
   * upper case without spaces; the Factur-X's payee account (BT-84) and bank (BT-86). Absent from the
   * snapshots of invoices issued before the company had these settings: read as null.
   */
  iban?: string | null;
  bic?: string | null;
}
