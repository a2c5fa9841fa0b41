import { cn } from "@web/lib/cn";
import { clientInitials } from "../lib/client-format";

/** Initials of the client's name in a soft circle (decorative: the name is always written next to it). */
export function ClientAvatar({
  name,
  active = true,
  className,
}: {
  name: string;
  active?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
        active ? "bg-primary-soft text-primary-soft-foreground" : "bg-muted text-muted-foreground",
        className,
      )}
    >
      {clientInitials(name)}
    </span>
  );
}
