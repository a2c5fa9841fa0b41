import type { QuoteWorksite } from "@shared/quote-rules";
import { FormField } from "@web/components/ui/form-field";
import { NativeSelect } from "@web/components/ui/native-select";
import { MapPin } from "lucide-react";
import { worksiteLine } from "../lib/quote-format";

const CLIENT_ADDRESS = "client";
const ON_QUOTE = "quote";

export interface QuoteWorksiteFieldProps {
  value: QuoteWorksite | null;
  /** The chosen client's worksite addresses (none before a client is chosen, or when it has none). */
  addresses: readonly QuoteWorksite[];
  onChange: (worksite: QuoteWorksite | null) => void;
  error?: string | undefined;
}

const sameAddress = (a: QuoteWorksite, b: QuoteWorksite) =>
  a.address === b.address && a.postal_code === b.postal_code && a.city === b.city && a.label === b.label;

/**
 * « Adresse du chantier » (docs/domain/quotes.md#screen): the client's own address, or one of its
 * worksite addresses, copied onto the quote; an address the quote holds that the client no longer
 * has stays offered as it is on the quote.
 */
export function QuoteWorksiteField({ value, addresses, onChange, error }: QuoteWorksiteFieldProps) {
  const index = value ? addresses.findIndex((site) => sameAddress(site, value)) : -1;
  const selected = value === null ? CLIENT_ADDRESS : index >= 0 ? String(index) : ON_QUOTE;
  return (
    <FormField
      label="Adresse du chantier"
      error={error}
      hint={value ? worksiteLine(value) : "Les travaux ont lieu à l’adresse du client."}
    >
      {(props) => (
        <div className="relative">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <NativeSelect
            {...props}
            className="pl-9"
            value={selected}
            onChange={(event) => {
              const next = event.target.value;
              if (next === CLIENT_ADDRESS) onChange(null);
              else if (next !== ON_QUOTE) onChange(addresses[Number(next)] ?? null);
            }}
          >
            <option value={CLIENT_ADDRESS}>Adresse du client</option>
            {addresses.map((site, i) => (
              <option key={`${site.label}|${worksiteLine(site)}`} value={String(i)}>
                {site.label ? `${site.label} — ${worksiteLine(site)}` : worksiteLine(site)}
              </option>
            ))}
            {selected === ON_QUOTE && value && (
              <option
                value={ON_QUOTE}
              >{`${value.label ? `${value.label} — ` : ""}${worksiteLine(value)} (sur le devis)`}</option>
            )}
          </NativeSelect>
        </div>
      )}
    </FormField>
  );
}
