import { mkdirSync } from "node:fs";
import { addDays } from "../src/shared/dates";
import type { CalendarWeek } from "../src/shared/planning";
import { dayAndMonth, mondayOf, weekDays, weekdayName, weekRangeLabel } from "../src/shared/planning-rules";
import type { ProjectDetail } from "../src/shared/projects";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { ACCOUNTS, type AccountName, DEMO_PASSWORD, isMobileProject, signIn } from "./support/auth";
import { reviewShot } from "./support/screenshots";
import { type APIRequestContext, expect, type Locator, type Page, type TestInfo, test } from "./support/test";
import { clickCentred, closeToasts } from "./support/toasts";

/** Screenshots for review: /tmp/shots-planning/<project>-<name>.png */
const SHOTS = "/tmp/shots-planning";
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await reviewShot(page, { path: `${SHOTS}/${testInfo.project.name}-${name}.png` });
  if (fullPage) await reviewShot(page, { path: `${SHOTS}/${testInfo.project.name}-${name}-full.png`, fullPage: true });
}

/** A suffix unique to this run and project: desktop and mobile share one database. */
function runId(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

const parisToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

async function headersOf(request: APIRequestContext, account: AccountName): Promise<Record<string, string>> {
  const login = await request.post("/api/auth/login", {
    data: { email: ACCOUNTS[account].email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** The demo teams by name (Julien, the Compagnon, works in Plomberie and Électricité, not in Gros œuvre). */
async function demoTeams(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get("/api/teams?limit=100", { headers });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { id: string; name: string }[] };
  const id = (name: string) => {
    const team = data.find((t) => t.name === name);
    if (!team) throw new Error(`demo team ${name} missing`);
    return team.id;
  };
  return {
    plomberie: id("Équipe Plomberie"),
    electricite: id("Équipe Électricité"),
    grosOeuvre: id("Équipe Gros œuvre"),
  };
}

async function createProject(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { name: string; start_date: string; team_id: string; estimated_duration_days?: number },
): Promise<ProjectDetail> {
  const response = await request.post("/api/projects", {
    headers,
    data: { address: "8 quai Saint-Vincent, 69001 Lyon", ...data },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ProjectDetail;
}

/** The days of `monday`'s week that hold the worksite, as the API says. */
async function daysOf(request: APIRequestContext, headers: Record<string, string>, monday: string, id: string) {
  const response = await request.get(`/api/calendar/week?week_start=${monday}`, { headers });
  expect(response.status()).toBe(200);
  const week = (await response.json()) as CalendarWeek;
  return week.days.filter((d) => d.projects.some((p) => p.id === id)).map((d) => d.date);
}

/**
 * A week of its own for this run, far ahead (a year or more, weeks apart for each run): the journey's
 * worksites never meet the demo's, another project's or a retry's.
 */
function runWeek(): string {
  const weeks = 60 + Math.floor(Math.random() * 400);
  return addDays(mondayOf(parisToday()), 7 * weeks);
}

/** « Jeudi 26 novembre 2026 », as a day's list is named. */
function dayName(day: string): string {
  return `${weekdayName(day)} ${dayAndMonth(day)} ${day.slice(0, 4)}`;
}

/** The desktop board's row of `team`. */
const row = (page: Page, team: string): Locator => page.getByRole("region", { name: team, exact: true });

/** The desktop board's cell of `day` in `team`'s row: where a worksite is dropped. */
const cell = (page: Page, day: string, team: string): Locator => row(page, team).locator(`[data-day="${day}"]`);

/** The bar of worksite `name` in `team`'s row. */
const bar = (page: Page, team: string, name: string): Locator => row(page, team).getByRole("article", { name });

/** The worksite is one bar in `team`'s row, from the column of `first` to that of `last` (issue 32). */
async function expectAcross(page: Page, team: string, name: string, first: string, last: string) {
  await expect(bar(page, team, name)).toHaveCount(1);
  await expect(bar(page, team, name)).toBeVisible();
  const [box, from, to] = await Promise.all([
    bar(page, team, name).boundingBox(),
    cell(page, first, team).boundingBox(),
    cell(page, last, team).boundingBox(),
  ]);
  if (!box || !from || !to) throw new Error(`${name} is not laid out`);
  expect(Math.abs(box.x - from.x)).toBeLessThan(10);
  expect(Math.abs(box.x + box.width - (to.x + to.width))).toBeLessThan(10);
}

/** The phone's day: chosen in the strip, its worksites listed. */
async function openDay(page: Page, day: string): Promise<Locator> {
  await page
    .getByRole("tablist", { name: "Jours de la semaine" })
    .getByRole("tab", { name: new RegExp(`^${dayName(day)}\\b`) })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: dayName(day).slice(0, -5) })).toBeVisible();
  return page.getByRole("tabpanel");
}

test.describe("Planning", () => {
  test("naviguer entre les semaines, filtrer par équipe, déplacer un chantier, recharger @phone", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const mobile = isMobileProject(testInfo.project.name);
    const run = runId(testInfo);
    const headers = await headersOf(request, "admin");
    const teams = await demoTeams(request, headers);
    const thisWeek = mondayOf(parisToday());
    const week = runWeek();
    const tiling = await createProject(request, headers, {
      name: `Carrelage ${run}`,
      start_date: week,
      estimated_duration_days: 2,
      team_id: teams.plomberie,
    });
    const board = await createProject(request, headers, {
      name: `Tableau ${run}`,
      start_date: addDays(week, 2),
      team_id: teams.electricite,
    });

    // — This week: the demo's worksites, the range in French —
    await signIn(page, "admin", "/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Planning" })).toBeVisible();
    await expect(page).toHaveTitle("Planning · Propulse");
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(thisWeek) })).toBeVisible();
    await expect(page.getByRole("article").first()).toBeVisible();
    if (mobile) {
      await expect(page.getByRole("tab")).toHaveCount(7);
    } else {
      for (const day of weekDays(thisWeek))
        await expect(page.getByText(new RegExp(`^${weekdayName(day)}`))).toBeVisible();
    }
    await page.waitForLoadState("networkidle");
    await shot(page, testInfo, mobile ? "day" : "week", !mobile);
    await expectNoSeriousA11yViolations(page, "planning");

    // — Next week, the week before, back to today: the week is in the address —
    await page.getByRole("button", { name: "Semaine suivante" }).click();
    await expect(page).toHaveURL(new RegExp(`/calendar\\?week=${addDays(thisWeek, 7)}$`));
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(addDays(thisWeek, 7)) })).toBeVisible();
    await page.getByRole("button", { name: "Semaine précédente" }).click();
    await page.getByRole("button", { name: "Semaine précédente" }).click();
    await expect(page).toHaveURL(new RegExp(`/calendar\\?week=${addDays(thisWeek, -7)}$`));
    await page.getByRole("button", { name: "Aujourd'hui" }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(thisWeek) })).toBeVisible();

    // — The run's week, opened from its address —
    await page.goto(`/calendar?week=${week}`);
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(week) })).toBeVisible();

    if (mobile) {
      // One day at a time; « Déplacer » in the card's menu, a bottom sheet.
      const monday = await openDay(page, week);
      const card = monday.getByRole("article", { name: tiling.name });
      await expect(card).toContainText("Durée\u00a0: 2\u00a0jours");
      await expect(card).toContainText("Équipe Plomberie");
      await expect(monday.getByRole("article", { name: board.name })).toHaveCount(0);
      await clickCentred(card.getByRole("button", { name: `Plus d’actions pour ${tiling.name}` }));
      await page.getByRole("menuitem", { name: "Déplacer" }).click();
      const sheet = page.getByRole("dialog", { name: "Déplacer le chantier" });
      await sheet.getByLabel("Date de début *").fill(addDays(week, 3));
      await expect(sheet).toContainText("2\u00a0jours, week-ends non comptés");
      // Said before « Déplacer »: no clash on Thursday and Friday, and the teams free then.
      const check = sheet.getByRole("status", { name: "Disponibilités" });
      await expect(check).toContainText("Aucun conflit ces jours-là.");
      await expect(check).toContainText("Équipes libres ces jours-là\u00a0:");
      await shot(page, testInfo, "move-sheet");
      await expectNoSeriousA11yViolations(page, "déplacer un chantier");
      await sheet.getByRole("button", { name: "Déplacer" }).click();
      await expect(page.getByText("Chantier déplacé", { exact: true })).toBeVisible();
      await expect(sheet).toBeHidden();
      await closeToasts(page);
      const thursday = await openDay(page, addDays(week, 3));
      await expect(thursday.getByRole("article", { name: tiling.name })).toBeVisible();
      await expect((await openDay(page, week)).getByRole("article", { name: tiling.name })).toHaveCount(0);
    } else {
      // A row per team; the worksite over two days: one bar across both.
      await expectAcross(page, "Équipe Plomberie", tiling.name, week, addDays(week, 1));
      await expectAcross(page, "Équipe Électricité", board.name, addDays(week, 2), addDays(week, 2));

      // — The team filter —
      const filter = page.getByRole("combobox", { name: "Filtrer par équipe" });
      await filter.selectOption({ label: "Équipe Électricité" });
      await expect(page.getByRole("article", { name: tiling.name })).toHaveCount(0);
      await expect(page.getByRole("article", { name: board.name })).toBeVisible();
      await filter.selectOption({ label: "Toutes les équipes" });
      await expect(page.getByRole("article", { name: tiling.name })).toHaveCount(1);

      // — Dragged with the keyboard: its grip, Space, → → →, Space: Monday → Thursday —
      await closeToasts(page);
      const grip = row(page, "Équipe Plomberie").getByRole("button", { name: `Déplacer ${tiling.name}` });
      await grip.focus();
      await page.keyboard.press("Space");
      for (let i = 0; i < 3; i += 1) {
        await page.waitForTimeout(150);
        await page.keyboard.press("ArrowRight");
      }
      await page.waitForTimeout(150);
      await page.keyboard.press("Space");
      await expect(page.getByText("Chantier déplacé", { exact: true })).toBeVisible();
      await expectAcross(page, "Équipe Plomberie", tiling.name, addDays(week, 3), addDays(week, 4));
      await closeToasts(page);

      // — Dragged with the mouse to Thursday in Plomberie's row: the team is taken, said on the cards —
      const handle = row(page, "Équipe Électricité").getByRole("button", { name: `Déplacer ${board.name}` });
      const from = await handle.boundingBox();
      const to = await cell(page, addDays(week, 3), "Équipe Plomberie").boundingBox();
      if (!from || !to) throw new Error("the board is not laid out");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      // The top of the cell: away from the window's lower edge, where the board would scroll.
      await page.mouse.move(to.x + to.width / 2, to.y + 16, { steps: 12 });
      await page.mouse.move(to.x + to.width / 2, to.y + 18, { steps: 2 });
      await page.mouse.up();
      await expect(page.getByText(/^Chantier déplacé, avec 1\u00a0conflit$/)).toBeVisible();
      await expectAcross(page, "Équipe Plomberie", board.name, addDays(week, 3), addDays(week, 3));
      const moved = bar(page, "Équipe Plomberie", board.name);
      await expect(moved.getByRole("list", { name: `Conflits de ${board.name}` })).toContainText(
        `Équipe déjà prise par ${tiling.reference}`,
      );
      // The tiling's bar (Thursday and Friday) names the day it clashes on.
      await expect(
        bar(page, "Équipe Plomberie", tiling.name).getByRole("list", { name: `Conflits de ${tiling.name}` }),
      ).toContainText(`Équipe déjà prise par ${board.reference} (jeu.`);
      await closeToasts(page);
      await shot(page, testInfo, "conflict");
    }

    // — Reloaded: the moves were kept —
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(week) })).toBeVisible();
    if (mobile) {
      const thursday = await openDay(page, addDays(week, 3));
      await expect(thursday.getByRole("article", { name: tiling.name })).toBeVisible();
    } else {
      await expectAcross(page, "Équipe Plomberie", board.name, addDays(week, 3), addDays(week, 3));
      await expect(page.getByRole("article", { name: tiling.name })).toHaveCount(1);
    }
    expect(await daysOf(request, headers, week, tiling.id)).toEqual([addDays(week, 3), addDays(week, 4)]);

    // — The card opens the worksite —
    if (!mobile) {
      await page.getByRole("link", { name: board.name }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${board.id}$`));
    }
  });

  test("un compagnon voit la semaine de ses équipes, sans filtre ni déplacement @phone", async ({
    page,
    request,
  }, testInfo) => {
    const mobile = isMobileProject(testInfo.project.name);
    const run = runId(testInfo);
    const headers = await headersOf(request, "admin");
    const teams = await demoTeams(request, headers);
    const week = runWeek();
    const his = await createProject(request, headers, {
      name: `Dépannage ${run}`,
      start_date: addDays(week, 1),
      team_id: teams.plomberie,
    });
    const other = await createProject(request, headers, {
      name: `Maçonnerie ${run}`,
      start_date: addDays(week, 1),
      team_id: teams.grosOeuvre,
    });

    await signIn(page, "compagnon", `/calendar?week=${week}`);
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(week) })).toBeVisible();
    const day = mobile ? await openDay(page, addDays(week, 1)) : page.getByRole("main");
    await expect(day.getByRole("article", { name: his.name })).toBeVisible();
    await expect(page.getByRole("article", { name: other.name })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Filtrer par équipe" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Déplacer ${his.name}` })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Plus d’actions pour ${his.name}` })).toHaveCount(0);
  });
});

test.describe("Planning sur une tablette en portrait", () => {
  test.use({ viewport: { width: 820, height: 1180 }, isMobile: true, hasTouch: true });

  test("la semaine par équipe, un chantier de plusieurs jours en une barre, une poignée de 44 px", async ({
    page,
    request,
  }, testInfo) => {
    test.skip(isMobileProject(testInfo.project.name), "the tablet's viewport is set here; once is enough");
    const run = runId(testInfo);
    const headers = await headersOf(request, "admin");
    const teams = await demoTeams(request, headers);
    const week = runWeek();
    const tiling = await createProject(request, headers, {
      name: `Carrelage ${run}`,
      start_date: addDays(week, 1),
      estimated_duration_days: 3,
      team_id: teams.plomberie,
    });

    await signIn(page, "admin", `/calendar?week=${week}`);
    await expect(page.getByRole("heading", { level: 2, name: weekRangeLabel(week) })).toBeVisible();
    // The week, not the phone's one day at a time.
    await expect(page.getByRole("tablist", { name: "Jours de la semaine" })).toHaveCount(0);
    await expectAcross(page, "Équipe Plomberie", tiling.name, addDays(week, 1), addDays(week, 3));
    const grip = row(page, "Équipe Plomberie").getByRole("button", { name: `Déplacer ${tiling.name}` });
    const box = await grip.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await page.waitForLoadState("networkidle");
    await shot(page, testInfo, "tablet-week", true);
    await expectNoSeriousA11yViolations(page, "planning sur tablette");

    // Dragged a day later (its grip, Space, →, Space), then « Annuler » in the toast: back on its days.
    await grip.focus();
    await page.keyboard.press("Space");
    await page.waitForTimeout(150);
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(150);
    await page.keyboard.press("Space");
    await expect(page.getByText("Chantier déplacé", { exact: true })).toBeVisible();
    await expectAcross(page, "Équipe Plomberie", tiling.name, addDays(week, 2), addDays(week, 4));
    await page.getByRole("button", { name: "Annuler", exact: true }).click();
    await expect(page.getByText("Déplacement annulé", { exact: true })).toBeVisible();
    await expectAcross(page, "Équipe Plomberie", tiling.name, addDays(week, 1), addDays(week, 3));
    expect(await daysOf(request, headers, week, tiling.id)).toEqual([
      addDays(week, 1),
      addDays(week, 2),
      addDays(week, 3),
    ]);
  });
});
