import { useWhenIdle } from "@web/hooks/use-when-idle";
import { type ComponentType, type CSSProperties, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { onToastWanted, toasterReady } from "../lib/toast";
import { TOAST_CONFIG } from "../lib/toast-config";

/** Sonner's toaster as the app shows it (docs/domain/shell.md#toasts). */
const TOASTER_PROPS: ToasterProps = {
  position: TOAST_CONFIG.position,
  duration: TOAST_CONFIG.durationMs,
  visibleToasts: TOAST_CONFIG.visibleToasts,
  gap: TOAST_CONFIG.gapPx,
  style: { "--width": `${TOAST_CONFIG.widthPx}px` } as CSSProperties,
  richColors: true,
  closeButton: true,
  containerAriaLabel: "Notifications",
  customAriaLabel: "Notifications (Alt+T)",
  offset: { bottom: "var(--toast-bottom-offset, 24px)", right: 24 },
  mobileOffset: { bottom: "var(--toast-bottom-offset, 16px)", left: 16, right: 16 },
  toastOptions: { closeButtonAriaLabel: "Fermer la notification", className: "font-sans" },
};

/**
 * The toaster, loaded once the page has loaded and the browser is idle (its code never shares the
 * bandwidth of a slow phone with the first screen's), or at once when a toast is wanted before
 * (lib/toast.ts). Once it is mounted, the toasts that waited for it show.
 */
export function ToasterHost() {
  const idle = useWhenIdle();
  const [wanted, setWanted] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => onToastWanted(() => setWanted(true)), []);

  useEffect(() => {
    if (!idle && !wanted) return;
    let live = true;
    void import("sonner").then((module) => {
      if (live) setToaster(() => module.Toaster);
    });
    return () => {
      live = false;
    };
  }, [idle, wanted]);

  return Toaster ? <MountedToaster Toaster={Toaster} /> : null;
}

/** Sonner's toaster; the toasts wait for its first effect (it listens from then on). */
function MountedToaster({ Toaster }: { Toaster: ComponentType<ToasterProps> }) {
  useEffect(() => {
    // Sonner's own subscription runs in the toaster's effect, which React runs before this one.
    void import("sonner").then((module) => toasterReady(module));
  }, []);
  return <Toaster {...TOASTER_PROPS} />;
}
