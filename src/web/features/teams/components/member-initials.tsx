import { formatCount } from "@shared/format";
import { nameInitials } from "@shared/team-rules";
import type { TeamPerson } from "@shared/teams";
import { cn } from "@web/lib/cn";

/** A member's initials in a round badge; the leader's ringed with the accent colour. */
export function MemberAvatar({
  name,
  leader = false,
  className,
}: {
  name: string;
  leader?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex size-8 shrink-0 items-center justify-center rounded-full border-2 border-card bg-primary-soft text-xs font-semibold text-primary-soft-foreground",
        leader && "bg-accent-soft text-accent-soft-foreground",
        className,
      )}
    >
      {nameInitials(name)}
    </span>
  );
}

/**
 * The first members of a team as overlapping initials, then « +N » for the others; their names are
 * read by screen readers (the list is labelled « Membres »).
 */
export function MemberStack({
  members,
  count,
  leaderId,
}: {
  members: readonly TeamPerson[];
  count: number;
  leaderId: string | null;
}) {
  const others = count - members.length;
  return (
    <ul aria-label="Membres" className="flex items-center -space-x-1">
      {members.map((member) => (
        <li key={member.id} title={member.full_name}>
          <MemberAvatar name={member.full_name} leader={member.id === leaderId} />
          <span className="sr-only">{member.full_name}</span>
        </li>
      ))}
      {others > 0 && (
        <li>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full border-2 border-card bg-muted text-xs font-medium text-muted-foreground"
          >
            +{formatCount(others)}
          </span>
          <span className="sr-only">{others > 1 ? `et ${formatCount(others)} autres` : "et 1 autre"}</span>
        </li>
      )}
    </ul>
  );
}
