-- Issue 31 (docs/decisions/0020-vat-rates.md): the VAT rates a company's lines may carry besides those in
-- force (20, 10, 5,5, 2,1, 0), for Corsica or overseas. None by default: every existing company gets '[]',
-- and no stored line is touched (a document with another rate stays readable; only a new write is checked).
ALTER TABLE "companies" ADD COLUMN "extra_tax_rates" jsonb DEFAULT '[]'::jsonb NOT NULL;
