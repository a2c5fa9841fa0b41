/**
 * In-app navigation for code outside the React tree (a toast's action): the app registers its router's
 * `navigate` once (app/app.tsx); before that, or in a test without it, the browser loads the path.
 */
let navigator: ((to: string) => void) | null = null;

export function setAppNavigator(navigate: ((to: string) => void) | null): void {
  navigator = navigate;
}

export function navigateInApp(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
