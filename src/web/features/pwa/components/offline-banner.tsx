import { WifiOff } from "lucide-react";
import { useOnlineStatus } from "../hooks/use-online-status";

export const OFFLINE_MESSAGE = "Mode hors ligne - Certaines fonctionnalités peuvent être limitées";

/** Shown while the browser is offline (docs/domain/shell.md#layout). The live region stays mounted to be announced. */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" className="sticky top-0 z-20 empty:hidden">
      {!online && (
        <p className="flex items-center justify-center gap-2 border-b border-[#fde68a] bg-warning-soft px-4 py-2 text-center text-sm font-medium text-warning-soft-foreground">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
