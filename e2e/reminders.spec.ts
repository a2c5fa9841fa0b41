import { mkdirSync } from "node:fs";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { ACCOUNTS, DEMO_PASSWORD, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { type APIRequestContext, expect, type Page, type TestInfo, test } from "./support/test";
import { clickCentred, closeToasts } from "./support/toasts";

/** Screenshots for review (issue 18): /tmp/shots-18-S/<project>-<name>.png, what the viewport shows. */
const SHOTS = "/tmp/shots-18-S";
async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await reviewShot(page, { path: `${SHOTS}/${testInfo.project.name}-${name}.png` });
}

const runId = (testInfo: TestInfo) =>
  `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const parisToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post("/api/auth/login", {
    data: { email: ACCOUNTS.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

test("« Envoyer au client » depuis la carte d'un devis → message et PDF, devis envoyé ; « À relancer » → « Relancer »", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = runId(testInfo);
  const headers = await adminHeaders(request);
  const client = await request.post("/api/clients", {
    headers,
    data: { name: `Famille Garnier ${run}`, email: "garnier@exemple.fr", phone: "0478000000" },
  });
  expect(client.status(), await client.text()).toBe(201);
  const created = await request.post("/api/quotes", {
    headers,
    data: {
      name: `Salle d'eau ${run}`,
      client_id: ((await client.json()) as { id: string }).id,
      date: parisToday(),
      valid_until: inDays(30),
      items: [{ name: "Pose de faïence", quantity: 12, unit: "m²", unit_price: 55, tax_rate: 10 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const quote = (await created.json()) as { id: string; reference: string; name: string };

  // The card's menu: « Envoyer au client » opens the dialog filled from the company's template.
  await signIn(page, "admin", `/quotes?search=${encodeURIComponent(quote.name)}`);
  const card = page.getByRole("article").filter({ hasText: quote.reference });
  await clickCentred(card.getByRole("button", { name: `Plus d’actions pour le devis ${quote.reference}` }));
  await page.getByRole("menuitem", { name: "Envoyer au client" }).click();
  const dialog = page.getByRole("dialog", { name: "Envoyer au client" });
  await expect(dialog.getByText("garnier@exemple.fr")).toBeVisible();
  await expect(dialog.getByLabel("Objet *")).toHaveValue(new RegExp(quote.reference));
  await expect(dialog.getByLabel("Message *")).toHaveValue(/\(lien créé à l’envoi\)/);
  await expect(dialog.getByText(`${quote.reference}.pdf`)).toBeVisible();
  await dialog.getByRole("button", { name: "Ajouter une copie" }).click();
  await dialog.getByLabel("Copie").fill("bureau@exemple.fr");
  await dialog.getByLabel("Copie").press("Enter");
  await expect(dialog.getByText("bureau@exemple.fr")).toBeVisible();
  await shot(page, testInfo, "send-dialog");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(dialog).toBeHidden();
  // Issue 32: without a mail server (the e2e server has none) the message waits in « Messages ».
  await expect(page.getByText(/Message enregistré dans «\sMessages\s», pas encore envoyé/)).toBeVisible();
  await closeToasts(page);
  await expect(card.getByText("Envoyé au client")).toBeVisible();

  // The quote's view: « Relancer » now, and its messages.
  await clickCentred(card.getByRole("button", { name: `Plus d’actions pour le devis ${quote.reference}` }));
  await page.getByRole("menuitem", { name: "Voir le devis" }).click();
  const view = page.getByRole("dialog", { name: new RegExp(quote.reference) });
  await view.getByRole("button", { name: /Messages/ }).click();
  await expect(view.getByRole("list", { name: "Messages envoyés" })).toContainText("garnier@exemple.fr");
  await expect(view.getByRole("button", { name: "Relancer" })).toBeVisible();
  await view.getByRole("list", { name: "Messages envoyés" }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, "quote-view");
  await page.keyboard.press("Escape");
  await expect(view).toBeHidden();

  // The message, as the outbox keeps it: the link's URL in its body, the quote's PDF attached.
  const messages = await request.get(`/api/quotes/${quote.id}/messages`, { headers });
  const [message] = ((await messages.json()) as { data: { id: string; to: string[]; cc: string[] }[] }).data;
  expect(message).toMatchObject({ to: ["garnier@exemple.fr"], cc: ["bureau@exemple.fr"] });
  const detail = await request.get(`/api/outbox/${message?.id}`, { headers });
  expect(((await detail.json()) as { body: string }).body).toMatch(/\/signer\/[\w-]{43}/);
  const attachment = await request.get(`/api/outbox/${message?.id}/attachment`, { headers });
  expect((await attachment.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // « À relancer »: the demo's quotes sent long ago and its late invoices, each with « Relancer ».
  await page.goto("/relances");
  await expect(page.getByRole("heading", { level: 1, name: "À relancer" })).toBeVisible();
  const late = page.getByRole("list", { name: "Factures en retard" });
  await expect(late.getByRole("listitem").first()).toBeVisible();
  await shot(page, testInfo, "reminders");
  await expectNoSeriousA11yViolations(page);
  // A late invoice's page: « Envoyer au client », « Relancer », its « Messages ».
  const reminders = (await (await request.get("/api/reminders", { headers })).json()) as {
    invoices: { id: string }[];
  };
  await page.goto(`/invoices/${reminders.invoices[0]?.id}`);
  await expect(page.getByRole("button", { name: "Relancer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Messages" })).toBeVisible();
  await shot(page, testInfo, "invoice-page");
  await page.goto("/relances");
  await late
    .getByRole("button", { name: /^Relancer / })
    .first()
    .click();
  const reminder = page.getByRole("dialog", { name: "Relancer" });
  await expect(reminder.getByLabel("Objet *")).toHaveValue(/^Relance/);
  // A demo client without an e-mail: the dialog says so, and an address is typed.
  if (await reminder.getByText(/n'a pas d'adresse e-mail/).isVisible()) {
    await reminder.getByLabel("Destinataires *").fill("compta@exemple.fr");
    await reminder.getByLabel("Destinataires *").press("Enter");
  }
  await shot(page, testInfo, "remind-dialog");
  await reminder.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(reminder).toBeHidden();
  await expect(page.getByText(/Message enregistré dans «\sMessages\s», pas encore envoyé/)).toBeVisible();
});
