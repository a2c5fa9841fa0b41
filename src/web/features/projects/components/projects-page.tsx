/** /projects — « Mes chantiers » (spec 2 §2). Stub: the list helper writes it. */
export function ProjectsPage(_props: { isMobile: boolean }) {
  return <h1 className="text-2xl font-semibold tracking-tight">Mes chantiers</h1>;
}
