import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Page, type TestInfo, test } from "./support/test";
import { clickCentred, closeToasts } from "./support/toasts";

/** Screenshots for review: test-results/screenshots/users-roles-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  // Toasts closed and the opening animations over: the screen as the user reads it.
  await closeToasts(page);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await reviewShot(page, { path: `test-results/screenshots/users-roles-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

test.describe("Utilisateurs et rôles", () => {
  test("filtrer les utilisateurs, inviter un collègue, créer un rôle, lui donner un utilisateur, le supprimer", async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const run = runId(testInfo);
    const invitee = `Invité ${run}`;
    const roleName = `Rôle ${run}`;

    // — Utilisateurs: the demo accounts, filtered by role —
    await signIn(page, "admin", "/users");
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs" })).toBeVisible();
    await expect(page).toHaveTitle("Utilisateurs · Propulse");
    const pierre = page.getByRole("article", { name: "Pierre Durand" });
    await expect(pierre).toContainText("admin@durand-renovation.fr");
    await expect(pierre).toContainText("Administrateur");
    await expect(pierre).toContainText("Actif");
    await shot(page, testInfo, "users");
    await expectNoSeriousA11yViolations(page, "utilisateurs");

    await page.getByRole("combobox", { name: "Filtrer par rôle" }).selectOption({ label: "Compagnon" });
    await expect(page.getByRole("article", { name: "Julien Moreau" })).toBeVisible();
    await expect(pierre).toBeHidden();
    await page.getByRole("combobox", { name: "Filtrer par rôle" }).selectOption({ label: "Tous les rôles" });
    await expect(pierre).toBeVisible();

    // — Inviter un utilisateur: the link to copy —
    await page.getByRole("button", { name: "Inviter un utilisateur" }).click();
    const inviteForm = page.getByRole("dialog", { name: "Inviter un utilisateur" });
    await inviteForm.getByLabel("E-mail *").fill(`invite-${run}@exemple.fr`);
    await inviteForm.getByLabel("Nom complet *").fill(invitee);
    await inviteForm.getByRole("checkbox", { name: /^Compagnon/ }).check();
    await shot(page, testInfo, "invite-form");
    await inviteForm.getByRole("button", { name: "Inviter" }).click();
    const sent = page.getByRole("dialog", { name: "Invitation créée" });
    const link = sent.getByLabel("Lien à envoyer");
    await expect(link).toHaveValue(new RegExp(`^${new URL(page.url()).origin}/invitation/[A-Za-z0-9_-]{20,}$`));
    await expect(sent).toContainText("Valable jusqu’au");
    await shot(page, testInfo, "invite-link");
    await expectNoSeriousA11yViolations(page, "lien d’invitation");
    await sent.getByRole("button", { name: "Terminé" }).click();
    await expect(sent).toBeHidden();
    await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(run);
    const invited = page.getByRole("article", { name: invitee });
    await expect(invited).toContainText("Invitation en attente");
    await expect(invited).toContainText("Jamais connecté");
    await expect(page.getByRole("article")).toHaveCount(1);

    // — « Gérer les rôles » on the invited user —
    await clickCentred(invited.getByRole("button", { name: `Gérer les rôles de ${invitee}` }));
    const rolesDialog = page.getByRole("dialog", { name: "Gérer les rôles" });
    await expect(rolesDialog.getByRole("checkbox", { name: /^Compagnon/ })).toBeChecked();
    await shot(page, testInfo, "user-roles-dialog");
    await rolesDialog.getByRole("button", { name: "Annuler" }).click();
    await expect(rolesDialog).toBeHidden();

    // — Rôles: a new role with two permissions —
    await page.goto("/app/admin/roles");
    await expect(page.getByRole("heading", { level: 1, name: "Rôles" })).toBeVisible();
    await expect(page).toHaveTitle("Rôles · Propulse");
    // (On a phone the roles are cards: the phone journey below.)
    await expect(page.getByRole("row", { name: /^Compagnon/ })).toContainText("Oui");
    await shot(page, testInfo, "roles");
    await expectNoSeriousA11yViolations(page, "rôles");

    await page.getByRole("link", { name: "Nouveau rôle" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Créer un nouveau rôle" })).toBeVisible();
    await page.getByLabel("Nom *").fill(roleName);
    await page.getByLabel("Description").fill("Rôle de test");
    await page.getByRole("checkbox", { name: /^Voir les clients/ }).check();
    await page.getByRole("checkbox", { name: /^Voir les devis/ }).check();
    await expect(page.getByRole("region", { name: "Clients" })).toContainText("1/");
    await expect(page.getByRole("region", { name: "SuperAdmin" })).toHaveCount(0);
    await shot(page, testInfo, "role-new");
    await expectNoSeriousA11yViolations(page, "nouveau rôle");
    await page.getByRole("button", { name: "Créer le rôle" }).click();
    await expect(page.getByText("Rôle créé avec succès", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/admin\/roles$/);
    const row = page.getByRole("row", { name: new RegExp(roleName) });
    await expect(row).toContainText("Non");

    // — Its edit page (two tabs) and its permissions page —
    await closeToasts(page);
    await clickCentred(row.getByRole("link", { name: `Modifier le rôle ${roleName}` }));
    await expect(page.getByRole("heading", { level: 1, name: "Modifier le rôle" })).toBeVisible();
    await expect(page.getByLabel("Nom *")).toHaveValue(roleName);
    await shot(page, testInfo, "role-edit");
    await page.getByRole("tab", { name: "Permissions" }).click();
    await expect(page.getByRole("checkbox", { name: /^Voir les devis/ })).toBeChecked();
    await shot(page, testInfo, "role-edit-permissions");
    await page.goto("/app/admin/roles");
    await clickCentred(row.getByRole("link", { name: `Gérer les permissions du rôle ${roleName}` }));
    await expect(page.getByRole("heading", { level: 1, name: "Permissions du rôle" })).toBeVisible();
    const clients = page.getByRole("region", { name: "Clients" });
    await expect(clients.getByRole("checkbox", { name: "Tout sélectionner\u00a0: Clients" })).toHaveAttribute(
      "aria-checked",
      "mixed",
    );
    await shot(page, testInfo, "role-permissions");
    await expectNoSeriousA11yViolations(page, "permissions du rôle");

    // — A user added to the role —
    await page.goto("/app/admin/roles");
    await clickCentred(row.getByRole("link", { name: `Gérer les utilisateurs du rôle ${roleName}` }));
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs du rôle" })).toBeVisible();
    await page.getByRole("button", { name: "Ajouter au rôle" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Veuillez sélectionner au moins un utilisateur" }),
    ).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(run);
    await page.getByRole("checkbox", { name: new RegExp(invitee) }).check();
    await page.getByRole("button", { name: "Ajouter au rôle" }).click();
    await expect(page.getByText("Utilisateurs ajoutés au rôle avec succès", { exact: true })).toBeVisible();
    const member = page.getByRole("row", { name: new RegExp(invitee) });
    await expect(member).toContainText("Oui");
    await shot(page, testInfo, "role-users");
    await expectNoSeriousA11yViolations(page, "utilisateurs du rôle");

    // — The role deleted —
    await page.getByRole("link", { name: "Retour aux rôles" }).click();
    await expect(row).toContainText("1\u00a0utilisateur");
    await clickCentred(row.getByRole("button", { name: `Supprimer le rôle ${roleName}` }));
    const confirm = page.getByRole("alertdialog", { name: "Supprimer le rôle\u202f?" });
    await expect(confirm).toContainText(`Êtes-vous sûr de vouloir supprimer le rôle ${roleName}`);
    await expect(confirm).toContainText("irréversible");
    await shot(page, testInfo, "role-delete");
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("Rôle supprimé avec succès", { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
  });
  test("sur un téléphone : les rôles et les membres d’un rôle en cartes @phone", async ({ page }, testInfo) => {
    // What differs on a phone (the journey above walks the rest on desktop): the roles' table and a
    // role's users' table are cards there. The invitee and the role are made through the API.
    test.skip(!isMobileProject(testInfo.project.name), "téléphone uniquement : le parcours du bureau est au-dessus");
    const run = runId(testInfo);
    const invitee = `Invité ${run}`;
    const roleName = `Rôle ${run}`;
    await signIn(page, "admin", "/app/admin/roles");
    await expect(page.getByRole("heading", { level: 1, name: "Rôles" })).toBeVisible();
    const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` };
    const invited = await page.request.post("/api/company/users/invitations", {
      headers,
      data: { email: `invite-${run}@exemple.fr`, full_name: invitee, role_ids: [] },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const role = await page.request.post("/api/company/roles", {
      headers,
      data: { name: roleName, description: "Rôle de test" },
    });
    expect(role.status(), await role.text()).toBe(201);

    await page.reload();
    await expect(page.getByRole("article", { name: "Compagnon" })).toContainText("Oui");
    const card = page.getByRole("article", { name: roleName });
    await expect(card).toContainText("Non");

    // — A user added to the role: its members are cards too —
    await clickCentred(card.getByRole("link", { name: `Gérer les utilisateurs du rôle ${roleName}` }));
    await expect(page.getByRole("heading", { level: 1, name: "Utilisateurs du rôle" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher un utilisateur" }).fill(run);
    await page.getByRole("checkbox", { name: new RegExp(invitee) }).check();
    await page.getByRole("button", { name: "Ajouter au rôle" }).click();
    await expect(page.getByText("Utilisateurs ajoutés au rôle avec succès", { exact: true })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: invitee })).toContainText("Oui");

    // — The role deleted from its card —
    await page.getByRole("link", { name: "Retour aux rôles" }).click();
    await expect(card).toContainText("1\u00a0utilisateur");
    await clickCentred(card.getByRole("button", { name: `Supprimer le rôle ${roleName}` }));
    await page
      .getByRole("alertdialog", { name: "Supprimer le rôle\u202f?" })
      .getByRole("button", { name: "Supprimer" })
      .click();
    await expect(page.getByText("Rôle supprimé avec succès", { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
