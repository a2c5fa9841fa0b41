import { expect, type Page } from "@playwright/test";

/** Demo accounts seeded in a new database (README). */
export const DEMO_PASSWORD = "demo1234";
export const ACCOUNTS = {
  admin: { email: "admin@durand-renovation.fr", firstName: "Pierre" },
  chef: { email: "chef@durand-renovation.fr", firstName: "Marc" },
  compagnon: { email: "compagnon@durand-renovation.fr", firstName: "Julien" },
  superadmin: { email: "superadmin@propulse.fr", firstName: "Sophie" },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

/**
 * Signs in through the login form and waits for the redirect: straight to the page, no success screen
 * in between (issue 32, ADR 0027: the « Connexion réussie ! » animation held every sign-in 2.3 s).
 */
export async function signInThroughForm(page: Page, account: AccountName, options: { password?: string } = {}) {
  const password = options.password ?? DEMO_PASSWORD;
  await page.getByLabel("Adresse e-mail").fill(ACCOUNTS[account].email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 10_000 });
  await expect(page.getByText("Connexion réussie !")).toHaveCount(0);
}

/**
 * Signs in through the API and stores the session the way the app does (keys `token` and
 * `auth_user`), then opens `path`: quick set-up for journeys that are not about the login screen.
 */
export async function signIn(page: Page, account: AccountName, path = "/") {
  const response = await page.request.post("/api/auth/login", {
    data: { email: ACCOUNTS[account].email, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { token, user } = (await response.json()) as { token: string; user: unknown };
  await page.goto("/robots.txt");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("token", t);
      localStorage.setItem("auth_user", u);
    },
    [token, JSON.stringify(user)] as const,
  );
  await page.goto(path);
}

export function isMobileProject(projectName: string): boolean {
  return projectName === "mobile";
}
