import { PHONE_CHROME } from "@web/lib/phone-chrome";
import { WifiOff } from "lucide-react";
import { useOnlineStatus } from "../hooks/use-online-status";

export const OFFLINE_MESSAGE = "Mode hors ligne - Certaines fonctionnalités peuvent être limitées";

/**
 * Shown while the browser is offline (docs/domain/shell.md#layout). The live region stays mounted to be
 * announced. Compact on a phone (two lines of 12 px at most, `PHONE_CHROME.offlineBanner`): with the
 * bottom bar and « Mode chantier »'s finish bar it covers at most a fifth of the screen (issue 32).
 */
export function OfflineBanner() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" className="sticky top-0 z-20 empty:hidden">
      {!online && (
        <p
          data-testid="offline-banner"
          style={{ maxHeight: PHONE_CHROME.offlineBanner }}
          className="flex items-center justify-center gap-2 overflow-hidden border-b border-[#fde68a] bg-warning-soft px-4 py-1 text-center text-xs leading-4 font-medium text-warning-soft-foreground sm:py-2 sm:text-sm sm:leading-5"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span className="line-clamp-2">{OFFLINE_MESSAGE}</span>
        </p>
      )}
    </div>
  );
}
