import { cn } from "@web/lib/cn";
import { Check } from "lucide-react";
import { useEffect, useState } from "react";

/** Timings (docs/domain/auth.md#sign-in): mark at 100 ms, text at 600 ms, fade from 1800 ms for 500 ms (≈ 2.3 s). */
export const SUCCESS_TIMINGS = { markMs: 100, textMs: 600, fadeStartMs: 1800, fadeMs: 500 } as const;

type Phase = "enter" | "mark" | "text" | "leave";

export interface LoginSuccessProps {
  firstName: string;
  /** Called once the fade-out is over: time to redirect. */
  onDone: () => void;
}

/** Full-screen « Connexion réussie ! » overlay shown between a successful login and the redirect. */
export function LoginSuccess({ firstName, onDone }: LoginSuccessProps) {
  const [phase, setPhase] = useState<Phase>("enter");

  useEffect(() => {
    const { markMs, textMs, fadeStartMs, fadeMs } = SUCCESS_TIMINGS;
    const timers = [
      window.setTimeout(() => setPhase("mark"), markMs),
      window.setTimeout(() => setPhase("text"), textMs),
      window.setTimeout(() => setPhase("leave"), fadeStartMs),
      window.setTimeout(onDone, fadeStartMs + fadeMs),
    ];
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, [onDone]);

  const showText = phase === "text" || phase === "leave";
  return (
    <div
      role="status"
      aria-live="assertive"
      className={cn(
        "fixed inset-0 z-[60] flex flex-col items-center justify-center gap-6 bg-[radial-gradient(ellipse_at_top,#2d2590_0%,#15123a_60%)] px-6 text-center text-white transition-opacity duration-500 animate-fade-in",
        phase === "leave" && "opacity-0",
      )}
    >
      <div
        className={cn(
          "flex size-20 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 transition-all duration-500",
          phase === "enter" ? "scale-50 opacity-0" : "scale-100 opacity-100",
        )}
      >
        <div className="flex size-14 items-center justify-center rounded-full bg-[#22c55e] shadow-[0_0_40px_-4px_#22c55e]">
          <Check aria-hidden="true" className="size-8" strokeWidth={3} />
        </div>
      </div>
      <div
        className={cn(
          "flex flex-col gap-2 transition-all duration-500",
          showText ? "translate-y-0 opacity-100" : "translate-y-3 opacity-0",
        )}
      >
        <p className="text-2xl font-semibold tracking-tight sm:text-3xl">Connexion réussie&#8239;!</p>
        <p className="text-lg text-[#d4d6f2]">Bienvenue {firstName}</p>
      </div>
    </div>
  );
}
