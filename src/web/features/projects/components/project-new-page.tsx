/** /projects/new[?quote_id=] — the creation form as a page. Stub: the dialogs helper writes it. */
export function ProjectNewPage(_props: { quoteId: string | null; isMobile: boolean }) {
  return <h1 className="text-2xl font-semibold tracking-tight">Nouveau chantier</h1>;
}
