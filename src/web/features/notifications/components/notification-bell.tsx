import { useQuery } from "@tanstack/react-query";
import { useWhenIdle } from "@web/hooks/use-when-idle";
import { cn } from "@web/lib/cn";
import { Bell } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useState } from "react";
import { notificationsQueryOptions } from "../api/notifications";

const loadMenu = () => import("./notification-menu");
const NotificationMenu = lazy(() => loadMenu().then((m) => ({ default: m.NotificationMenu })));

export interface NotificationBellProps {
  /** On the dark sidebar, or on the light top bar of a phone. */
  tone?: "dark" | "light";
  className?: string;
}

/** The badge's text: the count, « 9+ » beyond nine. */
export function bellBadge(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}

/**
 * « Notifications : 3 non lues » / « Notifications ». The name holds the badge's text (WCAG 2.5.3, label
 * in name): beyond nine it says « 9+ », as the badge does.
 */
export function bellLabel(unread: number): string {
  if (unread === 0) return "Notifications";
  return `Notifications\u00a0: ${bellBadge(unread)} non ${unread > 1 ? "lues" : "lue"}`;
}

/**
 * The bell of the shell (docs/domain/signing.md#notifications): the unread count, asked once a minute;
 * its list (a Radix menu) loads on first use, as the « … » menus do (components/ui/action-menu.tsx).
 */
export function NotificationBell({ tone = "light", className }: NotificationBellProps) {
  // Asked once the page has loaded and the browser is idle: never with the screen's own first data.
  const idle = useWhenIdle();
  const { data } = useQuery({ ...notificationsQueryOptions(), enabled: idle });
  const [opened, setOpened] = useState(false);
  const unread = data?.unread ?? 0;
  const label = bellLabel(unread);
  const button = (onClick: () => void) => (
    <BellButton label={label} unread={unread} tone={tone} className={className} onClick={onClick} />
  );
  if (!opened) return button(() => setOpened(true));
  return (
    <Suspense fallback={button(() => {})}>
      <NotificationMenu
        notifications={data}
        trigger={<BellButton label={label} unread={unread} tone={tone} className={className} />}
      />
    </Suspense>
  );
}

export interface BellButtonProps extends Omit<ComponentProps<"button">, "className"> {
  label: string;
  unread: number;
  tone: "dark" | "light";
  className?: string | undefined;
}

/** The bell itself; the menu's trigger once opened (Radix hands it its props and ref). */
export function BellButton({ label, unread, tone, className, ...rest }: BellButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      className={cn(
        "relative flex size-11 shrink-0 items-center justify-center rounded-md",
        tone === "dark" ? "text-sidebar-muted hover:bg-white/10 hover:text-white" : "text-foreground hover:bg-muted",
        className,
      )}
      {...rest}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute top-1.5 right-1.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-accent-strong px-1 text-[0.6875rem] leading-none font-semibold text-white"
        >
          {bellBadge(unread)}
        </span>
      )}
    </button>
  );
}
