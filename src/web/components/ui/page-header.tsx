import { cn } from "@web/lib/cn";
import { ArrowLeft, Download, LoaderCircle, Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./button";

/** « Retour aux … »: the way back above a page's title. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 self-start text-muted-foreground">
      <Link to={to}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** The count beside a list's title: the figure shown, the words read (« 12 devis »). */
export interface PageCount {
  shown: string;
  label: string;
  /** The words as a tooltip too. */
  withTitle?: boolean;
}

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** Under it: what the page is about. */
  subtitle?: ReactNode;
  subtitleClassName?: string;
  titleClassName?: string;
  /** Beside the title: the list's count (hidden while unknown). */
  count?: PageCount | null;
  /** Beside the title: a badge (a status). */
  badge?: ReactNode;
  /** Above the title: a document's reference and badges. */
  eyebrow?: ReactNode;
  /** The way back, above the title. */
  back?: { to: string; label: ReactNode };
  /** On the right (under the title on a phone): the page's main actions. */
  actions?: ReactNode;
  /** The row's classes, when the page lays it out otherwise (its alignment, its gap). */
  className?: string;
}

/**
 * The top of a page: the way back when there is one, the title (h1) with its count or badge, what the
 * page is about, and its main actions. Every page writes its header with it.
 */
export function PageHeader({
  title,
  subtitle,
  subtitleClassName,
  titleClassName,
  count,
  badge,
  eyebrow,
  back,
  actions,
  className,
}: PageHeaderProps) {
  const heading = (
    <h1 className={cn("text-2xl font-semibold tracking-tight sm:text-[1.75rem]", titleClassName)}>{title}</h1>
  );
  const row = (
    <div className={cn("flex flex-wrap items-end justify-between gap-4", className)}>
      <div className={cn("flex min-w-0 flex-col", eyebrow ? "gap-1.5" : "gap-1")}>
        {eyebrow && <div className="flex flex-wrap items-center gap-2">{eyebrow}</div>}
        {count || badge ? (
          <div className="flex flex-wrap items-center gap-3">
            {heading}
            {count && (
              <span
                className="rounded-full bg-primary-soft px-2.5 py-0.5 text-sm font-semibold text-primary-soft-foreground tabular-nums"
                title={count.withTitle ? count.label : undefined}
              >
                <span aria-hidden="true">{count.shown}</span>
                <span className="sr-only">{count.label}</span>
              </span>
            )}
            {badge}
          </div>
        ) : (
          heading
        )}
        {subtitle && <p className={cn("text-sm text-muted-foreground", subtitleClassName)}>{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
  if (!back) return row;
  return (
    <div className="flex flex-col gap-3">
      <BackLink to={back.to}>{back.label}</BackLink>
      {row}
    </div>
  );
}

/**
 * « Exporter » (a spreadsheet of the list as filtered) and « Importer » (a CSV file, for who may) beside a
 * list's title; on a phone the two share the row.
 */
export function ExportImportActions({
  isMobile,
  exporting,
  onExport,
  onImport,
}: {
  isMobile: boolean;
  exporting: boolean;
  onExport: () => void;
  /** Absent: no import for this user. */
  onImport?: () => void;
}) {
  return (
    <div className={cn("flex gap-2", isMobile && "w-full [&>*]:flex-1")}>
      <Button variant="ghost" onClick={onExport} disabled={exporting}>
        {exporting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
        Exporter
      </Button>
      {onImport && (
        <Button variant="ghost" onClick={onImport}>
          <Upload aria-hidden="true" />
          Importer
        </Button>
      )}
    </div>
  );
}
