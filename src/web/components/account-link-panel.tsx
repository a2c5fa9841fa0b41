import { ACCOUNT_TEXTS } from "@shared/account-rules";
import { formatDateTime } from "@shared/format";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { toast } from "@web/lib/toast";
import { Check, Copy } from "lucide-react";
import { useId, useRef, useState } from "react";

/**
 * The address to send for a one-time link (docs/domain/accounts.md): the server gives a path
 * (`/invitation/<token>`, `/reinitialiser/<token>`), the page adds the origin it is served from.
 */
export function absoluteLink(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

export interface AccountLinkPanelProps {
  /** The link as the API gives it: a path and its expiry. */
  link: { path: string; expires_at: string };
  /** What the link is for (« Envoyez ce lien à Julien Moreau… »). */
  explanation: string;
  isMobile: boolean;
}

/**
 * A one-time link to hand over (an invitation, a password reset): a read-only field with the absolute
 * URL, « Copier le lien » and the expiry. The link is shown once: the server keeps only its hash.
 */
export function AccountLinkPanel({ link, explanation, isMobile }: AccountLinkPanelProps) {
  const url = absoluteLink(link.path);
  const fieldId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(ACCOUNT_TEXTS.linkCopied);
    } catch {
      input.current?.select();
      toast.error(ACCOUNT_TEXTS.copyFailed);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">{explanation}</p>
      <label htmlFor={fieldId} className="text-sm font-medium">
        Lien à envoyer
      </label>
      <div className={cn("flex gap-2", isMobile && "flex-col")}>
        <Input
          ref={input}
          id={fieldId}
          readOnly
          value={url}
          aria-describedby={hintId}
          onFocus={(event) => event.currentTarget.select()}
          className={cn("min-w-0 font-mono text-[0.8125rem] sm:text-[0.8125rem]", !isMobile && "flex-1")}
        />
        <Button type="button" variant={copied ? "secondary" : "default"} onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          Copier le lien
        </Button>
      </div>
      <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
        Valable jusqu’au {formatDateTime(link.expires_at)}. Il ne sert qu’une fois.
      </p>
    </div>
  );
}
