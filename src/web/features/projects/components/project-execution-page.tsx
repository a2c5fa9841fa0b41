/** /projects/:id/execution — « Mode chantier » (spec 2 §2). Stub: the execution helper writes it. */
export function ProjectExecutionPage(_props: { projectId: string }) {
  return <h1 className="text-2xl font-semibold tracking-tight">Mode chantier</h1>;
}
