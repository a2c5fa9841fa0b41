import { isSuperAdmin } from "@shared/permissions";
import { splitFullName } from "@shared/session";
import { Spinner } from "@web/components/ui/spinner";
import { useAuth } from "@web/features/auth/hooks/auth-context";
import { usePermissions } from "@web/features/auth/hooks/use-permissions";
import { NotificationBell } from "@web/features/notifications/components/notification-bell";
import { InstallPrompt } from "@web/features/pwa/components/install-prompt";
import { OfflineBanner } from "@web/features/pwa/components/offline-banner";
import { BottomBar } from "@web/features/shell/components/bottom-bar";
import { MobileTopBar } from "@web/features/shell/components/mobile-top-bar";
import type { ShellUser } from "@web/features/shell/components/shell-user";
import { useSidebarState } from "@web/features/shell/hooks/use-sidebar-state";
import {
  bottomTabs,
  DRAWER_DESCRIPTION,
  DRAWER_TITLE,
  drawerEntries,
  PLATFORM_ENTRIES,
  sidebarEntries,
} from "@web/features/shell/lib/nav-items";
import { useOpenedOnce } from "@web/hooks/use-opened-once";
import { useViewport } from "@web/hooks/use-viewport";
import { cn } from "@web/lib/cn";
import { paths } from "@web/lib/paths";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useResumeSiteOutbox } from "../use-resume-site-outbox";

const PLATFORM_CONTEXT = "Administration plateforme";

// Loaded when needed, not with every page (ADR 0005 §10): the desktop sidebar (its tooltips and their
// positioning engine) on a desktop only, the « Plus » drawer (a Radix dialog) when first opened.
const Sidebar = lazy(() => import("@web/features/shell/components/sidebar").then((m) => ({ default: m.Sidebar })));
const MoreDrawer = lazy(() =>
  import("@web/features/shell/components/more-drawer").then((m) => ({ default: m.MoreDrawer })),
);

function SkipLink() {
  return (
    <a
      href="#main-content"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-elevated"
    >
      Aller au contenu principal
    </a>
  );
}

function PageFallback() {
  return <Spinner className="py-24" label="Chargement…" />;
}

/**
 * The main layout (docs/domain/shell.md): desktop sidebar, or on mobile a top bar + bottom tab bar + « Plus »
 * drawer (a SuperAdmin gets a menu drawer instead of the bottom bar); offline banner; install card.
 */
function Shell() {
  const { user, logout } = useAuth();
  const { subject } = usePermissions();
  const isMobile = useViewport() !== "desktop";
  const sidebar = useSidebarState(!isMobile);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerLoaded = useOpenedOnce(drawerOpen);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // Close the drawer whenever the page changes.
  useEffect(() => {
    void pathname;
    setDrawerOpen(false);
  }, [pathname]);

  const superAdmin = isSuperAdmin(user);
  const showBottomBar = isMobile && !superAdmin;
  useResumeSiteOutbox(!superAdmin);

  // Keep toasts clear of the bottom bar.
  useEffect(() => {
    const root = document.documentElement;
    if (showBottomBar) root.style.setProperty("--toast-bottom-offset", "calc(5rem + env(safe-area-inset-bottom))");
    else root.style.removeProperty("--toast-bottom-offset");
    return () => {
      root.style.removeProperty("--toast-bottom-offset");
    };
  }, [showBottomBar]);

  const shellUser = useMemo<ShellUser | null>(() => {
    if (!user) return null;
    const { firstName, lastName } = splitFullName(user.full_name);
    return { firstName, lastName, email: user.email, isSuperAdmin: superAdmin, companyName: user.company_name };
  }, [user, superAdmin]);

  const handleLogout = useCallback(async () => {
    await logout();
    navigate(paths.login, { replace: true });
  }, [logout, navigate]);

  if (!user || !shellUser) return null;

  const homePath = superAdmin ? paths.superadmin : paths.home;
  const context = superAdmin ? PLATFORM_CONTEXT : user.company_name;
  const content = (
    <Suspense fallback={<PageFallback />}>
      <Outlet />
    </Suspense>
  );

  // One tree whatever the width (docs/domain/shell.md#layout): the page sits in the same `<main>` at
  // the same place, so turning a tablet or resizing a window across 1024 px changes the frame around
  // it, never the page itself: a form keeps what was typed in it (issue 32).
  return (
    <div className="min-h-dvh">
      <SkipLink />
      {isMobile ? (
        <MobileTopBar
          homePath={homePath}
          onMenu={superAdmin ? () => setDrawerOpen(true) : undefined}
          menuOpen={drawerOpen}
          actions={superAdmin ? undefined : <NotificationBell />}
        />
      ) : (
        <Suspense fallback={<SidebarPlaceholder open={sidebar.open} />}>
          <Sidebar
            entries={sidebarEntries(subject)}
            open={sidebar.open}
            onToggle={sidebar.toggle}
            user={shellUser}
            onLogout={handleLogout}
            homePath={homePath}
            context={context}
            actions={superAdmin ? undefined : <NotificationBell tone="dark" className="size-9" />}
          />
        </Suspense>
      )}
      <div
        className={cn(
          !isMobile && "flex min-h-dvh flex-col transition-[padding] duration-200 ease-out",
          !isMobile && (sidebar.open ? "pl-(--width-sidebar)" : "pl-(--width-sidebar-collapsed)"),
        )}
      >
        <OfflineBanner />
        <main
          id="main-content"
          tabIndex={-1}
          className={cn(
            "mx-auto w-full outline-none",
            isMobile
              ? cn(
                  "max-w-3xl px-4 pt-5 sm:px-6",
                  showBottomBar ? "pb-[calc(6rem+env(safe-area-inset-bottom))]" : "pb-10",
                )
              : "max-w-6xl flex-1 px-8 py-8 xl:px-10",
          )}
        >
          {content}
        </main>
      </div>
      {showBottomBar && (
        <BottomBar tabs={bottomTabs(subject)} moreOpen={drawerOpen} onMore={() => setDrawerOpen(true)} />
      )}
      {isMobile && drawerLoaded && (
        <Suspense fallback={null}>
          <MoreDrawer
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            title={superAdmin ? "Navigation plateforme" : DRAWER_TITLE}
            description={superAdmin ? "Pages de l’administration de la plateforme" : DRAWER_DESCRIPTION}
            entries={superAdmin ? PLATFORM_ENTRIES : drawerEntries(subject)}
            user={shellUser}
            onLogout={handleLogout}
            side={superAdmin ? "left" : "bottom"}
          />
        </Suspense>
      )}
      <InstallPrompt isMobile={isMobile} aboveBottomBar={showBottomBar} />
    </div>
  );
}

/** The sidebar's place while its code loads: its width and colour, so nothing moves when it comes. */
function SidebarPlaceholder({ open }: { open: boolean }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "fixed inset-y-0 left-0 z-30 border-r border-sidebar-border bg-sidebar",
        open ? "w-(--width-sidebar)" : "w-(--width-sidebar-collapsed)",
      )}
    />
  );
}

/** The signed-in shell (its tooltips get their provider in the sidebar and the drawer that use them). */
export function AppLayout() {
  return <Shell />;
}
