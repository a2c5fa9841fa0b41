import { formatDateTime } from "@shared/format";
import { SIGNING_TEXTS } from "@shared/signing-rules";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@web/components/ui/dropdown-menu";
import { cn } from "@web/lib/cn";
import { BellOff, CheckCheck, FileSignature } from "lucide-react";
import type { ReactElement } from "react";
import { useNavigate } from "react-router";
import { type Notifications, useMarkNotificationsRead } from "../api/notifications";

/** The opened bell (loaded on first use): the latest notifications, each leading to its quote. */
export function NotificationMenu({
  notifications,
  trigger,
}: {
  notifications: Notifications | undefined;
  trigger: ReactElement;
}) {
  const navigate = useNavigate();
  const mark = useMarkNotificationsRead();
  const list = notifications?.data ?? [];
  const unread = notifications?.unread ?? 0;

  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1.5rem))] p-0" collisionPadding={12}>
        <div className="flex items-center justify-between gap-2 px-3 py-2">
          <DropdownMenuLabel className="px-0 text-sm text-foreground">{SIGNING_TEXTS.notifications}</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="min-h-8 px-2 text-[0.8125rem] text-primary"
              onSelect={(event) => {
                event.preventDefault();
                mark.mutate(null);
              }}
            >
              <CheckCheck aria-hidden="true" />
              {SIGNING_TEXTS.markAllRead}
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        {list.length === 0 ? (
          <p className="flex items-center gap-2 px-3 py-6 text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-4" />
            {SIGNING_TEXTS.notificationsEmpty}
          </p>
        ) : (
          <div className="max-h-[min(24rem,60dvh)] overflow-y-auto p-1">
            {list.map((notification) => (
              <DropdownMenuItem
                key={notification.id}
                className="items-start gap-3 py-2.5"
                onSelect={() => {
                  if (!notification.read_at) mark.mutate(notification.id);
                  navigate(notification.href);
                }}
              >
                <span
                  className={cn(
                    "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:text-current",
                    notification.read_at ? "bg-muted text-muted-foreground" : "bg-success-soft text-success",
                  )}
                >
                  <FileSignature aria-hidden="true" />
                </span>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className={cn("text-sm", !notification.read_at && "font-semibold")}>
                    {notification.title}
                    {!notification.read_at && <span className="sr-only"> (non lue)</span>}
                  </span>
                  <span className="text-[0.8125rem] break-words whitespace-normal text-muted-foreground">
                    {notification.body}
                  </span>
                  <span className="text-xs text-muted-foreground">{formatDateTime(notification.created_at)}</span>
                </span>
              </DropdownMenuItem>
            ))}
          </div>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
