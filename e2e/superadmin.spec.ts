import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { serverURL } from "./support/servers";
import { type Browser, expect, type Page, type TestInfo, test } from "./support/test";
import { closeToasts } from "./support/toasts";

/** Screenshots for review: test-results/screenshots/superadmin-<project>-<name>.png (and /tmp/shots-w2 when set). */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const file = `superadmin-${testInfo.project.name}-${name}.png`;
  await reviewShot(page, { path: `test-results/screenshots/${file}`, fullPage: true });
  if (process.env.SHOTS_DIR) await reviewShot(page, { path: `${process.env.SHOTS_DIR}/${file}`, fullPage: true });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A browser of its own (no stored session), with the project's viewport: the invitee's phone or computer. */
async function freshPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    deviceScaleFactor,
    locale,
    timezoneId,
    baseURL: serverURL(testInfo.parallelIndex),
  });
  return context.newPage();
}

const PASSWORD = "Charpente-Chêne-2026!";

test.describe("Plateforme SuperAdmin", () => {
  test("créer une entreprise et son administrateur, qui choisit son mot de passe, invite un compagnon, change ses droits, le désactive", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    const run = runId(testInfo);
    const companyName = `Charpente ${run}`;
    const adminEmail = `lea.${run}@exemple.fr`;
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);

    // — The platform's dashboard: real figures, the quick actions —
    await signIn(page, "superadmin", "/superadmin");
    await expect(page).toHaveTitle("Tableau de bord plateforme · Propulse");
    const kpis = page.getByRole("list", { name: "Indicateurs de la plateforme" });
    await expect(kpis).toHaveAttribute("aria-busy", "false");
    await expect(kpis.getByText("Abonnements actifs")).toBeVisible();
    await expect(page.getByRole("region", { name: "Entreprises récentes" })).toBeVisible();
    await shot(page, testInfo, "dashboard");
    await expectNoSeriousA11yViolations(page, "tableau de bord plateforme");

    // — A new company and its first administrator —
    await page
      .getByRole("link", { name: /Nouvelle entreprise/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Nouvelle entreprise" })).toBeVisible();
    await page.getByRole("button", { name: "Créer l’entreprise" }).click();
    await expect(page.getByText("Le nom de l’entreprise est requis")).toBeVisible();
    await page.getByLabel("Nom de l’entreprise *").fill(companyName);
    await page.getByLabel("Formule *").selectOption("essai");
    await page.getByLabel("Ville").fill("Annecy");
    await page.getByLabel("Nom complet *").fill("Léa Martin");
    await page.getByLabel("Adresse e-mail *").fill(adminEmail);
    await shot(page, testInfo, "company-form");
    await page.getByRole("button", { name: "Créer l’entreprise" }).click();

    // — The invitation link, copied —
    const linkField = page.getByLabel("Lien à envoyer");
    await expect(linkField).toHaveValue(/\/invitation\/[A-Za-z0-9_-]{20,}$/);
    const link = await linkField.inputValue();
    await page.getByRole("button", { name: "Copier le lien" }).click();
    await expect(page.getByText("Lien copié", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, testInfo, "company-created");
    await expectNoSeriousA11yViolations(page, "entreprise créée");

    // — Its page: trial, one user (the pending administrator) —
    await closeToasts(page);
    await page.getByRole("link", { name: "Voir l’entreprise" }).click();
    await expect(page.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
    await expect(page.getByText("Essai", { exact: true }).first()).toBeVisible();
    await shot(page, testInfo, "company");

    // — Found in the list, filtered on the trials —
    await page.getByRole("link", { name: "Retour aux entreprises" }).click();
    await page.getByRole("radio", { name: "Essai" }).click();
    await expect(page).toHaveURL(/\/superadmin\/companies\?status=essai$/);
    await page.getByRole("searchbox", { name: "Rechercher une entreprise" }).fill(run);
    await expect(page.getByRole("heading", { name: /^1\s+entreprise trouvée$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: companyName })).toBeVisible();
    await shot(page, testInfo, "companies");
    await expectNoSeriousA11yViolations(page, "entreprises");

    // — The administrator opens the link in a browser of his own and chooses his password —
    const invitee = await freshPage(browser, testInfo);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1, name: `Bienvenue chez ${companyName}` })).toBeVisible();
    await expect(invitee.getByText(adminEmail)).toBeVisible();
    await invitee.getByLabel("Mot de passe", { exact: true }).fill("martin");
    await expect(invitee.getByRole("meter", { name: "Sécurité du mot de passe" })).toHaveAttribute(
      "aria-valuetext",
      "Très faible",
    );
    await expect(invitee.getByRole("list", { name: "À corriger" })).toContainText("au moins 12 caractères");
    await invitee.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await invitee.getByLabel("Confirmation du mot de passe").fill(`${PASSWORD}x`);
    await invitee.getByRole("button", { name: "Activer mon compte" }).click();
    await expect(invitee.getByText("Les deux mots de passe ne sont pas identiques")).toBeVisible();
    await invitee.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
    await expect(invitee.getByRole("meter")).toHaveAttribute("aria-valuetext", "Excellent");
    await shot(invitee, testInfo, "invitation");
    await expectNoSeriousA11yViolations(invitee, "invitation");
    await invitee.getByRole("button", { name: "Activer mon compte" }).click();
    await expect(invitee.getByText("Connexion réussie !")).toBeVisible();
    await expect(invitee.getByText("Bienvenue Léa")).toBeVisible();
    await invitee.waitForURL((url) => url.pathname === "/", { timeout: 10_000 });
    await expect(invitee.getByRole("heading", { level: 1 })).toContainText("Léa");
    await expect(invitee.getByText(companyName).first()).toBeVisible();

    // — « Mon compte », from the sidebar (from the « Plus » drawer on a phone: shell.spec.ts) —
    await invitee
      .getByRole("complementary", { name: "Barre latérale" })
      .getByRole("link", { name: "Mon compte" })
      .click();
    await expect(invitee.getByRole("heading", { level: 1, name: "Mon compte" })).toBeVisible();
    await expect(invitee).toHaveTitle("Mon compte · Propulse");
    await expect(invitee.getByLabel("Nom complet")).toHaveValue("Léa Martin");
    const account = invitee.getByRole("main");
    await expect(account.getByText(adminEmail)).toBeVisible();
    await expect(account.getByText(companyName)).toBeVisible();
    await expect(account.getByText("Administrateur", { exact: true })).toBeVisible();
    await shot(invitee, testInfo, "account");
    await expectNoSeriousA11yViolations(invitee, "mon compte");

    // — The administrator invites a Compagnon, who accepts on his own phone or computer —
    const workerName = `Hugo Bernard ${run}`;
    await invitee.goto("/users");
    await invitee.getByRole("button", { name: "Inviter un utilisateur" }).click();
    const inviteForm = invitee.getByRole("dialog", { name: "Inviter un utilisateur" });
    await inviteForm.getByLabel("E-mail *").fill(`hugo.${run}@exemple.fr`);
    await inviteForm.getByLabel("Nom complet *").fill(workerName);
    await inviteForm.getByRole("checkbox", { name: /^Compagnon/ }).check();
    await inviteForm.getByRole("button", { name: "Inviter" }).click();
    const workerLink = await invitee
      .getByRole("dialog", { name: "Invitation créée" })
      .getByLabel("Lien à envoyer")
      .inputValue();
    await invitee.getByRole("dialog", { name: "Invitation créée" }).getByRole("button", { name: "Terminé" }).click();
    const worker = await freshPage(browser, testInfo);
    await worker.goto(workerLink);
    await worker.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await worker.getByLabel("Confirmation du mot de passe").fill(PASSWORD);
    await worker.getByRole("button", { name: "Activer mon compte" }).click();
    await worker.waitForURL((url) => url.pathname === "/", { timeout: 15_000 });

    // — He sees what his role allows: the worksites, never the quotes (no money for a Compagnon since
    //   issue 32) nor the users —
    await worker.goto("/projects");
    await expect(worker.getByRole("heading", { level: 1, name: /chantiers/i })).toBeVisible();
    await worker.goto("/quotes");
    await expect(worker.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await worker.goto("/users");
    await expect(worker.getByRole("heading", { name: "Accès refusé" })).toBeVisible();

    // — The administrator gives « Voir les devis » to the Compagnon role, then takes it back: each
    //   change reaches him on his next request, without signing in again —
    const token = await invitee.evaluate(() => localStorage.getItem("token"));
    const auth = { Authorization: `Bearer ${token}` };
    const roles = (await (await invitee.request.get("/api/company/roles", { headers: auth })).json()) as {
      data: { id: string; name: string }[];
    };
    const compagnonRole = roles.data.find((r) => r.name === "Compagnon");
    const setQuotesView = async (held: boolean) => {
      await invitee.goto(`/app/admin/roles/${compagnonRole?.id}/permissions`);
      const box = invitee.getByRole("checkbox", { name: /^Voir les devis/ });
      await expect(box).toBeChecked({ checked: !held });
      await box.setChecked(held);
      await invitee.getByRole("button", { name: "Enregistrer les permissions" }).first().click();
      await expect(invitee.getByText("Permissions mises à jour avec succès", { exact: true })).toBeVisible();
    };
    await setQuotesView(true);
    await worker.goto("/quotes");
    await expect(worker.getByRole("heading", { level: 1, name: /^(Mes devis|Gestion des devis)$/ })).toBeVisible();
    await setQuotesView(false);
    const quotesDenied = await worker.request.get("/api/quotes", {
      headers: { Authorization: `Bearer ${await worker.evaluate(() => localStorage.getItem("token"))}` },
    });
    expect(quotesDenied.status()).toBe(403);
    await worker.goto("/quotes");
    await expect(worker.getByRole("heading", { name: "Accès refusé" })).toBeVisible();

    // — Deactivated by the administrator (after a confirmation): he is signed out at once —
    await invitee.goto("/users");
    await invitee.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill("Hugo");
    await invitee.getByRole("button", { name: `Plus d’actions pour ${workerName}` }).click();
    await invitee.getByRole("menuitem", { name: "Désactiver" }).click();
    await invitee
      .getByRole("alertdialog", { name: "Désactiver l’utilisateur\u202f?" })
      .getByRole("button", { name: "Désactiver" })
      .click();
    await expect(invitee.getByRole("article", { name: workerName })).toContainText("Inactif");
    await worker.reload();
    await worker.waitForURL(/\/login/, { timeout: 15_000 });
    await worker.context().close();

    // — A reset link (made by the administrator for himself, through the API): the same page, for a reset —
    const users = await invitee.request.get("/api/company/users", { headers: auth });
    const { data } = (await users.json()) as { data: { id: string; email: string }[] };
    const me = data.find((user) => user.email === adminEmail);
    const reset = await invitee.request.post(`/api/company/users/${me?.id}/password-reset`, { headers: auth });
    expect(reset.status(), await reset.text()).toBe(201);
    const { path } = (await reset.json()) as { path: string };
    const resetPage = await freshPage(browser, testInfo);
    await resetPage.goto(path);
    await expect(resetPage.getByRole("heading", { level: 1, name: "Réinitialiser votre mot de passe" })).toBeVisible();
    await resetPage.getByLabel("Mot de passe", { exact: true }).fill("Toiture2026x");
    await expect(resetPage.getByRole("meter")).toHaveAttribute("aria-valuetext", "Moyen");
    await shot(resetPage, testInfo, "reset");
    await resetPage.context().close();

    // — The link served once: opened again, it says so —
    const late = await freshPage(browser, testInfo);
    await late.goto(link);
    await expect(
      late.getByText("Ce lien d’invitation n’est plus valable. Demandez un nouveau lien à votre administrateur."),
    ).toBeVisible();
    await shot(late, testInfo, "invitation-used");
    await late.context().close();

    // — The SuperAdmin suspends the company (after a confirmation): its administrator is signed out —
    await page.getByRole("link", { name: companyName }).click();
    await page.getByRole("button", { name: "Suspendre" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Suspendre l’entreprise\u202f?" });
    await expect(confirm).toContainText("ses utilisateurs sont déconnectés");
    await shot(page, testInfo, "suspend-dialog");
    await confirm.getByRole("button", { name: "Suspendre" }).click();
    await expect(
      page.getByText("Entreprise suspendue : ses utilisateurs ne peuvent plus se connecter").first(),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Réactiver" })).toBeVisible();
    await invitee.reload();
    await invitee.waitForURL(/\/login/, { timeout: 15_000 });
    await invitee.context().close();
  });
});
