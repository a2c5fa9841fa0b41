import { JOURNAL_TEXTS } from "@shared/journal";
import { JournalPage } from "@web/features/journal/components/journal-page";
import { PermissionRoute } from "./permission-route";

/** /journal: « Journal et comptabilité » (issue 34, docs/domain/journal.md); without invoices:view, the refusal. */
export function JournalRoute() {
  return (
    <PermissionRoute permission="invoices:view">
      <title>{`${JOURNAL_TEXTS.page.title} · Propulse`}</title>
      <JournalPage />
    </PermissionRoute>
  );
}
