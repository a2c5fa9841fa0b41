/** The full name, or the spec's « Sans nom » when blank (spec 3 §2.8). */
export function displayName(fullName: string | null | undefined, fallback: string): string {
  const name = fullName?.trim();
  return name ? name : fallback;
}
