import { formatCount } from "@shared/format";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@web/components/ui/skeleton";
import { Phone, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { clientCountersQueryOptions } from "../api/get-client-counters";

/** `value`: undefined while loading (a skeleton), null when the counters could not be loaded (a dash). */
function Counter({ label, value, icon }: { label: string; value: number | null | undefined; icon: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-3 sm:items-center rounded-lg border border-border bg-card p-3 shadow-card sm:p-4">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary sm:flex [&_svg]:size-5">
        {icon}
      </span>
      <p className="flex min-w-0 flex-col-reverse">
        <span className="text-xs leading-snug text-muted-foreground sm:text-[0.8125rem]">{label}</span>
        <span className="text-xl font-semibold tabular-nums sm:text-2xl" data-testid="counter-value">
          {value === undefined ? (
            <Skeleton className="my-1 h-6 w-10" />
          ) : value === null ? (
            <span title="Indisponible">—</span>
          ) : (
            formatCount(value)
          )}
        </span>
      </p>
    </li>
  );
}

/** Header counters over the whole client book: total, active, with a phone (docs/domain/clients.md#client-screen). */
export function ClientCounters() {
  const { data, isError } = useQuery(clientCountersQueryOptions());
  // On failure the counters show a dash (never a skeleton pulsing forever); the page hides them when
  // the list itself failed (its error shows alone).
  const value = (n: number | undefined) => (isError ? null : n);
  return (
    <ul aria-label="Compteurs clients" className="grid grid-cols-3 gap-2 sm:gap-3">
      <Counter label="Total clients" value={value(data?.total)} icon={<Users />} />
      <Counter label="Clients actifs" value={value(data?.active)} icon={<UserCheck />} />
      <Counter label="Avec téléphone" value={value(data?.with_phone)} icon={<Phone />} />
    </ul>
  );
}
