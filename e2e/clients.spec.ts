import { expectNoSeriousA11yViolations } from "./support/a11y";
import { isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { expect, type Locator, type Page, type TestInfo, test } from "./support/test";

/** Screenshots for review: test-results/screenshots/clients-<project>-<name>.png */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await reviewShot(page, { path: `test-results/screenshots/clients-${testInfo.project.name}-${name}.png` });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** The signed-in session's token, for set-up and clean-up calls through the API. */
async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem("token"));
  expect(value).toBeTruthy();
  return value ?? "";
}

async function createByApi(page: Page, bearer: string, body: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/api/clients", {
    headers: { Authorization: `Bearer ${bearer}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Clean-up: works even once the page is closed (test failure or time-out). */
async function deleteByApi(page: Page, bearer: string, id: string) {
  await page.request.delete(`/api/clients/${id}`, { headers: { Authorization: `Bearer ${bearer}` } }).catch(() => {});
}

function counter(page: Page, label: string): Locator {
  return page
    .getByRole("list", { name: "Compteurs clients" })
    .getByRole("listitem")
    .filter({ hasText: label })
    .getByTestId("counter-value");
}

async function counterValue(page: Page, label: string): Promise<number> {
  const locator = counter(page, label);
  await expect(locator).toHaveText(/^\d[\d\s\u202f]*$/);
  return Number(((await locator.textContent()) ?? "").replace(/\D/g, ""));
}

test.describe("Mes clients", () => {
  test("créer, rechercher, déplier, modifier, consulter et supprimer un client", async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const run = runId(testInfo);
    const name = `Jean Lefèvre ${run}`;
    const email = `jean.lefevre.${run}@exemple.fr`;
    let alerts = 0;
    page.on("dialog", async (dialog) => {
      alerts += 1;
      await dialog.dismiss();
    });

    await signIn(page, "admin", "/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
    await expect(page).toHaveTitle("Mes clients · Propulse");
    const bearer = await token(page);
    // A few neighbours, so that the list and the search have something to sort out.
    const neighbours = await Promise.all(
      [
        {
          name: `Boulangerie Martin ${run}`,
          phone: "04 78 12 34 56",
          city: "Villeurbanne",
          address: "3 rue Paul Bert",
        },
        { name: `Claire Dubois ${run}`, email: `claire.${run}@exemple.fr`, city: "Lyon" },
        { name: `SCI Les Tilleuls ${run}`, phone: "06 98 76 54 32", email: `sci.${run}@exemple.fr`, city: "Bron" },
      ].map((body) => createByApi(page, bearer, body)),
    );

    try {
      await page.reload();
      const totalBefore = await counterValue(page, "Total clients");
      const withPhoneBefore = await counterValue(page, "Avec téléphone");
      await expect(page.getByRole("heading", { level: 2, name: /clients? trouvés?$/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page, "liste");

      // — Create —
      await page.getByRole("button", { name: "Créer un client" }).first().click();
      const form = page.getByRole("dialog", { name: "Nouveau client" });
      await expect(form).toBeVisible();
      await form.getByRole("button", { name: "Créer le client" }).click();
      await expect(form.getByText("Le nom est obligatoire")).toBeVisible();
      await expect(form.getByText("Au moins un moyen de contact (téléphone ou e-mail) est requis")).toBeVisible();
      await expect(form.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("E-mail")).toHaveAttribute("type", "email");
      await expect(form.getByLabel("Téléphone")).toHaveAttribute("type", "tel");
      await expect(form.getByRole("switch")).toHaveCount(0);
      await form.getByLabel("Nom *").fill(name);
      await form.getByLabel("E-mail").fill(email);
      await form.getByLabel("Téléphone").fill("06 12 34 56 78");
      await form.getByLabel("Adresse").fill("12 rue de la République");
      await form.getByLabel("Code postal").fill("69002");
      await form.getByLabel("Ville").fill("Lyon");
      await form.getByLabel("Notes").fill("Portail bleu, sonner deux fois.");
      await expect(form.getByLabel("Notes")).toHaveAttribute("placeholder", "Notes ou commentaires sur ce client…");
      await expect(form.getByLabel("E-mail")).not.toHaveAttribute("aria-invalid", "true");
      await shot(page, testInfo, "form");
      await expectNoSeriousA11yViolations(page, "formulaire");
      await form.getByRole("button", { name: "Créer le client" }).click();
      await expect(page.getByText("Client créé avec succès")).toBeVisible();
      await expect(form).toBeHidden();
      // The new client's card opens in the form's place (issue 32: an action shows its result).
      const created = page.getByRole("dialog", { name });
      await expect(created).toBeVisible();
      await shot(page, testInfo, "created-client-open");
      await page.keyboard.press("Escape");
      await expect(created).toBeHidden();
      await expect.poll(() => counterValue(page, "Total clients")).toBeGreaterThan(totalBefore);
      await expect.poll(() => counterValue(page, "Avec téléphone")).toBeGreaterThan(withPhoneBefore);

      // — Search (debounced: one server request once the typing pauses) —
      const searches: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/clients" && url.searchParams.has("search")) {
          searches.push(url.searchParams.get("search") ?? "");
        }
      });
      const term = `Lefèvre ${run}`;
      const search = page.getByRole("searchbox", { name: "Rechercher un client" });
      await expect(search).toHaveAttribute("placeholder", "Rechercher un client…");
      // The term goes out folded, accents and case aside, as the server reads it (ADR 0032).
      const typed = term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      const answered = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return url.pathname === "/api/clients" && url.searchParams.get("search") === typed;
      });
      await search.pressSequentially(term, { delay: 40 });
      await answered;
      await expect(page.getByRole("heading", { level: 2, name: "1 client trouvé" })).toBeVisible();
      // Debounced: a search goes out only after a pause in the typing (the exact rule, with a fake clock, is
      // use-debounced-value.test.tsx). Here the keys come 40 ms apart, but a busy machine can stretch a gap
      // past the delay, which is a real pause: so not one search per key, each a prefix, the last the term.
      expect(searches.at(-1), "la dernière recherche porte le terme entier").toBe(typed);
      expect(searches.every((sent) => typed.startsWith(sent))).toBe(true);
      expect(searches.length, "pas une recherche par touche").toBeLessThanOrEqual(Math.ceil(typed.length / 4));
      const list = page.getByRole("list", { name: "Clients" });
      await expect(list.getByRole("article")).toHaveCount(1);

      // — Expand the card —
      const card = page.getByRole("article", { name });
      const toggle = card.getByRole("button", { name: new RegExp(name) });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toContainText("Actif");
      await expect(toggle).toContainText("06 12 34 56 78");
      await expect(toggle).toContainText(email);
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      const monthYear = new Intl.DateTimeFormat("fr-FR", {
        month: "long",
        year: "numeric",
        timeZone: "Europe/Paris",
      }).format(new Date());
      await expect(card.getByText(`Client depuis ${monthYear}`)).toBeVisible();
      await expect(card.getByText("Portail bleu, sonner deux fois.")).toBeVisible();
      await expect(card.getByText("69002 Lyon")).toBeVisible();
      await expect(card.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", "tel:0612345678");
      await expect(card.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", `mailto:${email}`);
      const go = card.getByRole("link", { name: /Y aller/ });
      await expect(go).toHaveAttribute(
        "href",
        `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("12 rue de la République, Lyon")}`,
      );
      await expect(go).toHaveAttribute("target", "_blank");
      await expect(go).toHaveAttribute("rel", "noopener noreferrer");
      const clientId = await card
        .getByRole("link", { name: "Nouveau devis" })
        .evaluate((a) => new URL((a as HTMLAnchorElement).href).searchParams.get("client_id"));
      expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
      await card.evaluate((el) => {
        el.scrollIntoView({ block: "start" });
        window.scrollBy(0, -80);
      });
      await shot(page, testInfo, "card-expanded");
      await expectNoSeriousA11yViolations(page, "carte dépliée");

      // — Edit and deactivate —
      await card.getByRole("button", { name: "Modifier" }).click();
      const edit = page.getByRole("dialog", { name: "Modifier le client" });
      await expect(edit.getByLabel("Nom *")).toHaveValue(name);
      await edit.getByLabel("Ville").fill("Lyon 2e");
      const active = edit.getByRole("switch", { name: "Client actif" });
      await expect(active).toHaveAttribute("aria-checked", "true");
      await active.click();
      await expect(active).toHaveAttribute("aria-checked", "false");
      await edit.getByRole("button", { name: "Mettre à jour" }).click();
      await expect(page.getByText("Client modifié avec succès")).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(toggle).toContainText("Inactif");
      await expect(toggle).toContainText("Lyon 2e");
      // The status filter asks the server for inactive / active clients only.
      const statusFilter = page.getByRole("radiogroup", { name: "Filtrer par statut" });
      await statusFilter.getByRole("radio", { name: "Actifs", exact: true }).click();
      await expect(card).toHaveCount(0);
      await statusFilter.getByRole("radio", { name: "Inactifs", exact: true }).click();
      await expect(card).toBeVisible();
      await statusFilter.getByRole("radio", { name: "Tous", exact: true }).click();
      await expect(card).toBeVisible();
      // The card left the list meanwhile: it comes back folded.
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await toggle.click();

      // — Detail: the four tabs —
      await card.getByRole("button", { name: "Voir détails" }).click();
      const detail = page.getByRole("dialog", { name });
      await expect(detail).toBeVisible();
      await expect(detail.getByRole("link", { name: "06 12 34 56 78" }).first()).toBeVisible();
      await expect(detail.getByRole("link", { name: email }).first()).toBeVisible();
      // (On a phone the detail has its own call and e-mail buttons: the phone journey below.)
      await expect(detail.getByRole("button", { name: "Modifier" })).toBeVisible();
      await expect(detail.getByRole("link", { name: "Appeler" })).toHaveCount(0);
      // « Modifier » opens the form over the detail; cancelling comes back to it.
      await detail.getByRole("button", { name: "Modifier" }).click();
      const editFromDetail = page.getByRole("dialog", { name: "Modifier le client" });
      await expect(editFromDetail.getByLabel("Ville")).toHaveValue("Lyon 2e");
      await editFromDetail.getByRole("button", { name: "Annuler" }).click();
      await expect(editFromDetail).toBeHidden();
      await expect(detail).toBeVisible();
      const height = (await detail.boundingBox())?.height ?? 0;
      const viewport = page.viewportSize()?.height ?? 0;
      expect(Math.round((height / viewport) * 100)).toBe(80);

      await expect(detail.getByRole("tab", { name: "Infos" })).toHaveAttribute("aria-selected", "true");
      for (const title of ["Informations de contact", "Adresse", "Informations générales", "Notes"]) {
        await expect(detail.getByRole("button", { name: title })).toHaveAttribute("aria-expanded", "true");
      }
      const longDate = new Intl.DateTimeFormat("fr-FR", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "Europe/Paris",
      }).format(new Date());
      const general = detail.getByRole("region", { name: "Informations générales" });
      await expect(general).toContainText(`Client depuis${longDate}`);
      await expect(general).toContainText("Inactif");
      await detail.getByRole("button", { name: "Adresse" }).click();
      await expect(detail.getByRole("button", { name: "Adresse" })).toHaveAttribute("aria-expanded", "false");
      await expect(detail.getByRole("region", { name: "Adresse" })).toHaveCount(0);

      await detail.getByRole("tab", { name: "Stats" }).click();
      await expect(detail.getByRole("heading", { name: "Activité commerciale" })).toBeVisible();
      await expect(detail.getByRole("heading", { name: "Performance financière" })).toBeVisible();
      await expect(detail.getByRole("heading", { name: "Activité récente" })).toBeVisible();
      await expect(detail.getByText(/^0,0\s%$/)).toBeVisible();
      // CA validé HT, En attente HT (issue 10), CA facturé and Valeur moyenne par chantier: none yet.
      await expect(detail.getByText(/^0,00\s€$/)).toHaveCount(4);
      await shot(page, testInfo, "detail-stats");
      await expectNoSeriousA11yViolations(page, "fiche client");

      await detail.getByRole("tab", { name: "Chantiers" }).click();
      await expect(detail.getByRole("button", { name: "Chantiers associés" })).toBeVisible();
      await expect(detail.getByText("Aucun chantier associé à ce client")).toBeVisible();
      await detail.getByRole("tab", { name: "Devis" }).click();
      await expect(detail.getByRole("button", { name: "Devis associés" })).toBeVisible();
      await expect(detail.getByText("Aucun devis associé à ce client")).toBeVisible();
      const maxHeight = await detail.getByTestId("related-scroll").evaluate((el) => getComputedStyle(el).maxHeight);
      expect(maxHeight).toBe("400px");
      await detail.getByRole("button", { name: "Fermer" }).click();
      await expect(detail).toBeHidden();

      // — Delete —
      await card.getByRole("button", { name: "Supprimer" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Êtes-vous sûr de vouloir supprimer ce client ?" });
      await expect(confirm).toContainText("irréversible");
      await expect(confirm).toContainText("ses accès");
      await expect(confirm).toContainText(name);
      await confirm.getByRole("button", { name: "Supprimer" }).click();
      await expect(page.getByText("Client supprimé avec succès")).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(page.getByText("Aucun client trouvé")).toBeVisible();
      await expect(page.getByText(`Aucun client ne correspond à "${term}"`)).toBeVisible();
      await page.getByRole("button", { name: "Effacer la recherche" }).click();
      await expect(search).toHaveValue("");
      await expect(page.getByRole("article", { name: `Claire Dubois ${run}` })).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, testInfo, "list");
      expect(alerts).toBe(0);
    } finally {
      for (const id of neighbours) await deleteByApi(page, bearer, id);
    }
  });

  test("sur un téléphone : le formulaire en feuille du bas, la fiche avec ses boutons d’appel et d’e-mail @phone", async ({
    page,
  }, testInfo) => {
    // What differs on a phone (the journey above walks the rest on desktop), on a client made through the API.
    test.skip(!isMobileProject(testInfo.project.name), "téléphone uniquement : le parcours du bureau est au-dessus");
    const run = runId(testInfo);
    const name = `Jean Lefèvre ${run}`;
    const email = `jean.lefevre.${run}@exemple.fr`;
    await signIn(page, "admin", "/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
    const bearer = await token(page);
    const id = await createByApi(page, bearer, {
      name,
      email,
      phone: "06 12 34 56 78",
      address: "12 rue de la République",
      postal_code: "69002",
      city: "Lyon",
    });
    try {
      // — The form is a bottom sheet: its buttons stay in view at the bottom of the screen —
      await page.getByRole("button", { name: "Créer un client" }).first().click();
      const form = page.getByRole("dialog", { name: "Nouveau client" });
      await expect(form).toBeVisible();
      await form.getByLabel("Nom *").fill(`Claire Dubois ${run}`);
      await form.getByLabel("E-mail").fill(`claire.${run}@exemple.fr`);
      const box = await form.getByRole("button", { name: "Créer le client" }).boundingBox();
      expect(box && box.y + box.height).toBeGreaterThan(844 - 100);
      await form.getByRole("button", { name: "Annuler" }).click();
      await page
        .getByRole("alertdialog", { name: "Abandonner les modifications ?" })
        .getByRole("button", { name: "Abandonner" })
        .click();
      await expect(form).toBeHidden();

      // — The detail: « Modifier », « Appeler » and « E-mail » as buttons, 90 % of the screen —
      await page.getByRole("searchbox", { name: "Rechercher un client" }).fill(run);
      const card = page.getByRole("article", { name });
      await card.getByRole("button", { name: new RegExp(name) }).click();
      await card.getByRole("button", { name: "Voir détails" }).click();
      const detail = page.getByRole("dialog", { name });
      await expect(detail).toBeVisible();
      await expect(detail.getByRole("button", { name: "Modifier" })).toHaveCount(1);
      await expect(detail.getByRole("link", { name: "Appeler" })).toHaveAttribute("href", "tel:0612345678");
      await expect(detail.getByRole("link", { name: "E-mail" })).toHaveAttribute("href", `mailto:${email}`);
      await expect.poll(async () => Math.round((((await detail.boundingBox())?.height ?? 0) / 844) * 100)).toBe(90);
      await detail.getByRole("tab", { name: "Devis" }).click();
      await expect(detail.getByText("Aucun devis associé à ce client")).toBeVisible();
      const maxHeight = await detail.getByTestId("related-scroll").evaluate((el) => getComputedStyle(el).maxHeight);
      expect(maxHeight).toBe("300px");
    } finally {
      await deleteByApi(page, bearer, id);
    }
  });

  test("un nom contenant du HTML s'affiche tel quel", async ({ page }, testInfo) => {
    const run = runId(testInfo);
    const name = `<script>alert(1)</script> ${run}`;
    let alerts = 0;
    page.on("dialog", async (dialog) => {
      alerts += 1;
      await dialog.dismiss();
    });
    await signIn(page, "admin", "/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
    const bearer = await token(page);
    const id = await createByApi(page, bearer, { name, notes: "<b>gras</b>", phone: "0600000000" });
    try {
      await page.getByRole("searchbox", { name: "Rechercher un client" }).fill(run);
      const card = page.getByRole("article", { name });
      await expect(card.getByText(name, { exact: true })).toBeVisible();
      await card.getByRole("button", { name: /script/ }).click();
      await expect(card.getByText("<b>gras</b>", { exact: true })).toBeVisible();
      await card.getByRole("button", { name: "Voir détails" }).click();
      await expect(page.getByRole("dialog", { name })).toBeVisible();
      expect(await page.locator("main script, [role=dialog] script, [role=dialog] b").count()).toBe(0);
      expect(alerts).toBe(0);
    } finally {
      await deleteByApi(page, bearer, id);
    }
  });

  test("/clients/new ouvre le formulaire de création ; le fermer revient à /clients", async ({ page }, testInfo) => {
    await signIn(page, "admin", "/");
    await page
      .getByRole("region", { name: "Actions rapides" })
      .getByRole("link", { name: /Nouveau client/ })
      .click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    const form = page.getByRole("dialog", { name: "Nouveau client" });
    await expect(form).toBeVisible();
    await expect(page).toHaveTitle("Nouveau client · Propulse");
    // Typed input is never dropped without a question (issue 9, defect 1).
    await form.getByLabel("Nom *").fill("Famille Roux");
    await form.getByRole("button", { name: "Annuler" }).click();
    const ask = page.getByRole("alertdialog", { name: "Abandonner les modifications ?" });
    await expect(ask.getByRole("button", { name: "Continuer la saisie" })).toBeFocused();
    await shot(page, testInfo, "discard-question");
    await ask.getByRole("button", { name: "Continuer la saisie" }).click();
    await expect(ask).toBeHidden();
    await expect(form.getByLabel("Nom *")).toHaveValue("Famille Roux");
    await form.getByRole("button", { name: "Annuler" }).click();
    await ask.getByRole("button", { name: "Abandonner" }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mes clients" })).toBeVisible();
  });

  test("le compagnon n'a pas accès à la page", async ({ page }, testInfo) => {
    await signIn(page, "compagnon", "/clients");
    await expect(page.getByRole("heading", { name: "Accès refusé" })).toBeVisible();
    await expect(
      page.getByText("Vous n'avez pas les permissions nécessaires pour accéder à cette page."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mes clients" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Créer un client" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Compteurs clients" })).toHaveCount(0);
    await shot(page, testInfo, "access-denied");
  });
});
