import { LogoMark } from "@web/components/logo";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { Download, X } from "lucide-react";
import { useInstallPrompt } from "../hooks/use-install-prompt";

export interface InstallPromptProps {
  isMobile: boolean;
  /** Lift the card above the mobile bottom bar. */
  aboveBottomBar?: boolean;
}

/** « Installer l'application » card (docs/domain/shell.md#install-prompt). */
export function InstallPrompt({ isMobile, aboveBottomBar = false }: InstallPromptProps) {
  const { visible, install, dismiss } = useInstallPrompt(isMobile);
  if (!visible) return null;
  return (
    <section
      aria-labelledby="install-prompt-title"
      className={cn(
        "fixed z-40 flex items-start gap-3 rounded-lg border border-border bg-card p-4 shadow-elevated animate-fade-in",
        isMobile ? "inset-x-3" : "right-6 bottom-6 w-[22rem]",
        isMobile &&
          (aboveBottomBar
            ? "bottom-[calc(4.75rem+env(safe-area-inset-bottom))]"
            : "bottom-[calc(0.75rem+env(safe-area-inset-bottom))]"),
      )}
    >
      <LogoMark className="size-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="install-prompt-title" className="text-sm font-semibold">
          Installer l'application
        </h2>
        <p className="text-[0.8125rem] text-muted-foreground">
          Ouvrez Propulse en un geste depuis votre écran d’accueil, comme une application.
        </p>
        <div className="mt-2">
          <Button size="sm" onClick={() => void install()}>
            <Download aria-hidden="true" />
            Ajouter
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Fermer"
        className="-mt-1 -mr-1 flex size-9 pointer-coarse:size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  );
}
