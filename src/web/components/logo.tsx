import { useId } from "react";
import { cn } from "../lib/cn";

export interface LogoMarkProps {
  className?: string;
  /** Accessible name; omit when a visible wordmark already names the product. */
  title?: string;
}

/** The Propulse mark: a « P » in motion, with orange propulsion trails. */
export function LogoMark({ className, title }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn("size-8 shrink-0", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#5b54f0" />
          <stop offset="1" stopColor="#3127b8" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <g transform="translate(1 0)">
        <path
          d="M13 24V8.5h5.25a5.25 5.25 0 0 1 0 10.5H13"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <path d="M5.5 13h3.5M4.5 17.5h4.5M6.5 22h2.5" stroke="#fb923c" strokeWidth="2.2" strokeLinecap="round" />
      </g>
    </svg>
  );
}

export interface LogoProps {
  className?: string;
  markClassName?: string;
  /** `light` for dark backgrounds (sidebar, hero). */
  tone?: "dark" | "light";
}

/** Mark + wordmark « Propulse ». */
export function Logo({ className, markClassName, tone = "dark" }: LogoProps) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark className={markClassName} />
      <span className={cn("text-lg font-semibold tracking-tight", tone === "light" ? "text-white" : "text-foreground")}>
        Propulse
      </span>
    </span>
  );
}
