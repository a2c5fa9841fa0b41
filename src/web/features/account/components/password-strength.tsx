import { passwordProblems } from "@shared/account-rules";
import { cn } from "@web/lib/cn";
import { Check, X } from "lucide-react";
import { type PasswordOwner, strengthOf } from "../lib/password-rules";

const BAR_TONE = { weak: "bg-destructive", fair: "bg-accent", good: "bg-success" } as const;
const LABEL_TONE = {
  weak: "text-destructive-soft-foreground",
  fair: "text-accent-soft-foreground",
  good: "text-success-soft-foreground",
} as const;

/**
 * Under a new password: the strength meter (four segments and its word, PASSWORD_TEXTS.strength) and,
 * as the password is typed, what the policy still refuses (the same sentences as the server's).
 */
export function PasswordStrength({ password, owner, id }: { password: string; owner: PasswordOwner; id?: string }) {
  if (password === "") return null;
  const { score, label, tone } = strengthOf(password, owner);
  const problems = passwordProblems(password, owner);
  return (
    <div id={id} className="flex flex-col gap-2" aria-live="polite">
      <div className="flex items-center gap-3">
        {/* biome-ignore lint/a11y/useSemanticElements: four coloured segments, which a native <meter> cannot draw; role="meter" with its values is the ARIA pattern. */}
        <div
          role="meter"
          aria-label="Sécurité du mot de passe"
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={score}
          aria-valuetext={label}
          className="grid flex-1 grid-cols-4 gap-1"
        >
          {[1, 2, 3, 4].map((segment) => (
            <span
              key={segment}
              className={cn("h-1.5 rounded-full", segment <= Math.max(score, 1) ? BAR_TONE[tone] : "bg-muted")}
            />
          ))}
        </div>
        <span className={cn("min-w-16 text-right text-[0.8125rem] font-semibold", LABEL_TONE[tone])}>{label}</span>
      </div>
      {problems.length > 0 ? (
        <ul aria-label="À corriger" className="flex flex-col gap-1">
          {problems.map((problem) => (
            <li key={problem} className="flex items-start gap-1.5 text-[0.8125rem] text-muted-foreground">
              <X aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-destructive" />
              {problem}
            </li>
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-1.5 text-[0.8125rem] text-success-soft-foreground">
          <Check aria-hidden="true" className="size-3.5 shrink-0" />
          Ce mot de passe respecte les règles de sécurité.
        </p>
      )}
    </div>
  );
}
