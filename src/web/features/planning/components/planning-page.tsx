/** /calendar — « Planning » (spec 2 §2). Stub: the planning helper writes it. */
export function PlanningPage(_props: { isMobile: boolean }) {
  return <h1 className="text-2xl font-semibold tracking-tight">Planning</h1>;
}
