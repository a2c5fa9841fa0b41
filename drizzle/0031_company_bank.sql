-- The company's bank account (issue 17, docs/domain/einvoicing.md#coordonnées-bancaires-et-identifiants):
-- written in its invoices' Factur-X as the payee's account (BT-84 IBAN, BT-86 BIC). Stored normalised
-- (upper case, no spaces), checked by their keys by the settings' schema.
ALTER TABLE "companies" ADD COLUMN "iban" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bic" text;
