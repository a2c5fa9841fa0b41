import { LoaderCircle, MoreHorizontal } from "lucide-react";
import { Fragment } from "react";
import type { ActionMenuProps } from "./action-menu";
import { Button } from "./button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

/** The opened form of ActionMenu (loaded on first use): open at mounting, the user asked for it. */
export function ActionMenuContent({ label, groups, busy = false, className }: ActionMenuProps) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button size="icon-sm" variant="ghost" className={className} aria-label={label} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <MoreHorizontal aria-hidden="true" />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {groups.map((group, index) => (
          <Fragment key={group[0]?.label ?? index}>
            {index > 0 && <DropdownMenuSeparator />}
            {group.map((item) => (
              <DropdownMenuItem key={item.label} variant={item.variant} onSelect={item.onSelect}>
                <item.icon aria-hidden="true" />
                {item.label}
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
