/** /projects/:id — a worksite's page. Stub: the list helper writes it. */
export function ProjectPage(_props: { projectId: string; isMobile: boolean }) {
  return <h1 className="text-2xl font-semibold tracking-tight">Chantier</h1>;
}
