import { describe, expect, it } from "vitest";
import {
  addressFromQuote,
  canFinishProject,
  canStartProject,
  createdFromQuoteLine,
  durationDaysFromHours,
  isExecutable,
  issueNotificationBody,
  issueWrittenAt,
  NEW_TASK_DEFAULTS,
  notesFromQuote,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  progressColour,
  projectProgress,
  seesEveryProject,
  startDateFromQuote,
  taskHoursFromUnitPrice,
  tasksFromQuoteLines,
} from "./project-rules";
import { projectCreateSchema, projectIssueCreateSchema, projectTaskInputSchema, projectUpdateSchema } from "./projects";

describe("project statuses", () => {
  it("are the spec's five, each with its label", () => {
    expect(PROJECT_STATUSES).toEqual(["à faire", "en cours", "en pause", "livré", "annulé"]);
    expect(Object.values(PROJECT_STATUS_LABELS)).toEqual(["À faire", "En cours", "En pause", "Livré", "Annulé"]);
  });

  it("start from à faire or en pause, finish from en cours, execute only en cours", () => {
    expect(PROJECT_STATUSES.filter(canStartProject)).toEqual(["à faire", "en pause"]);
    expect(PROJECT_STATUSES.filter(canFinishProject)).toEqual(["en cours"]);
    expect(PROJECT_STATUSES.filter(isExecutable)).toEqual(["en cours"]);
  });
});

describe("creation from a quote (spec 2 §5)", () => {
  it("estimates a line's hours as its unit price / 10 rounded up, clamped to 2..16", () => {
    expect(taskHoursFromUnitPrice(0)).toBe(2);
    expect(taskHoursFromUnitPrice(15)).toBe(2);
    expect(taskHoursFromUnitPrice(30)).toBe(3);
    expect(taskHoursFromUnitPrice(30.01)).toBe(4);
    expect(taskHoursFromUnitPrice(45)).toBe(5);
    expect(taskHoursFromUnitPrice(160)).toBe(16);
    expect(taskHoursFromUnitPrice(1500)).toBe(16);
    // 0.1 + 0.2 style drift never adds an hour: 70,00 € is 7 h.
    expect(taskHoursFromUnitPrice(0.7 * 100)).toBe(7);
  });

  it("estimates the duration as the hours / 8 rounded up, at least 1 day", () => {
    expect(durationDaysFromHours([])).toBe(1);
    expect(durationDaysFromHours([2])).toBe(1);
    expect(durationDaysFromHours([8])).toBe(1);
    expect(durationDaysFromHours([8, 0.5])).toBe(2);
    expect(durationDaysFromHours([16, 16, 5, null])).toBe(5);
  });

  it("starts tomorrow (the business day + 1)", () => {
    expect(startDateFromQuote("2026-12-31")).toBe("2027-01-01");
  });

  it("writes the quote's notes, then the line naming the quote", () => {
    expect(createdFromQuoteLine("DEV-2026-0007")).toBe("Chantier créé depuis le devis DEV-2026-0007");
    expect(notesFromQuote(null, "DEV-2026-0007")).toBe("Chantier créé depuis le devis DEV-2026-0007");
    expect(notesFromQuote("  Accès par la cour ", "DEV-2026-0007")).toBe(
      "Accès par la cour\n\nChantier créé depuis le devis DEV-2026-0007",
    );
  });

  it("makes tasks of the article and ouvrage lines only, in order", () => {
    const tasks = tasksFromQuoteLines([
      { kind: "section", name: "Salle de bain", quantity: 0, unit_price: 0 },
      { kind: "item", name: "Dépose carrelage", quantity: 12.5, unit_price: 45 },
      { kind: "text", name: "Évacuation des gravats comprise", quantity: 0, unit_price: 0 },
      { kind: "item", name: "Pose receveur", quantity: 1, unit_price: 380 },
    ]);
    expect(tasks).toEqual([
      { label: "Dépose carrelage", estimated_hours: 5, unit_price: 45, quantity: 12.5 },
      { label: "Pose receveur", estimated_hours: 16, unit_price: 380, quantity: 1 },
    ]);
  });

  it("takes the quote's worksite address, else the client's", () => {
    const client = { address: "3 rue Neuve", postal_code: "69001", city: "Lyon" };
    expect(addressFromQuote({ address: "8 chemin des Vignes", postal_code: "69380", city: "Lozanne" }, client)).toBe(
      "8 chemin des Vignes, 69380 Lozanne",
    );
    expect(addressFromQuote(null, client)).toBe("3 rue Neuve, 69001 Lyon");
    expect(addressFromQuote(null, { address: null, postal_code: null, city: null })).toBeNull();
  });
});

describe("progress", () => {
  it("is done over all, rounded to a percent (0 without tasks)", () => {
    expect(projectProgress(0, 0)).toEqual({ percent: 0, colour: "blue" });
    expect(projectProgress(1, 3)).toEqual({ percent: 33, colour: "blue" });
    expect(projectProgress(2, 3)).toEqual({ percent: 67, colour: "orange" });
    expect(projectProgress(4, 5)).toEqual({ percent: 80, colour: "green" });
  });

  it("is blue below 50, orange from 50, green from 80", () => {
    expect([0, 49, 50, 79, 80, 100].map(progressColour)).toEqual([
      "blue",
      "blue",
      "orange",
      "orange",
      "green",
      "green",
    ]);
  });
});

describe("who sees every worksite", () => {
  it("an admin and a holder of team:view; not a Compagnon", () => {
    expect(seesEveryProject({ permissions: ["admin:access"] })).toBe(true);
    expect(seesEveryProject({ permissions: ["projects:view", "team:view"] })).toBe(true);
    expect(seesEveryProject({ role: "superadmin", permissions: [] })).toBe(true);
    expect(seesEveryProject({ permissions: ["projects:view", "projects:execute", "calendar:view"] })).toBe(false);
  });
});

describe("project schemas", () => {
  it("give a new task the spec's defaults", () => {
    expect(NEW_TASK_DEFAULTS).toEqual({
      label: "Nouvelle tâche",
      is_done: false,
      estimated_hours: 4,
      unit_price: null,
      quantity: 1,
    });
    expect(projectTaskInputSchema.parse({ label: " Pose " })).toEqual({
      label: "Pose",
      estimated_hours: null,
      unit_price: null,
      quantity: 1,
    });
  });

  it("null the empty fields and the form's « none », à faire by default", () => {
    const parsed = projectCreateSchema.parse({
      name: " Cuisine ",
      team_id: "none",
      vehicle_id: "",
      address: " ",
      budget_total: "",
      equipment: [" Perceuse ", "", "Perceuse"],
    });
    expect(parsed).toMatchObject({
      name: "Cuisine",
      status: "à faire",
      team_id: null,
      vehicle_id: null,
      address: null,
      budget_total: null,
      equipment: ["Perceuse"],
      tasks: [],
    });
  });

  it("say the spec's messages", () => {
    const messages = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((i) => i.message);
    expect(messages(projectCreateSchema.safeParse({ name: " " }))).toEqual(["Le nom du chantier est obligatoire"]);
    expect(messages(projectCreateSchema.safeParse({ name: "A", estimated_duration_days: 0 }))).toEqual([
      "La durée estimée est d’au moins 1\u00a0jour (nombre entier)",
    ]);
    expect(
      messages(projectIssueCreateSchema.safeParse({ project_id: "6f1c7a62-3f0e-4d7e-9a57-0c1f0a3b1a01", title: "" })),
    ).toEqual(["Le titre est obligatoire"]);
    const update = projectUpdateSchema.safeParse({ name: "A" });
    expect(update.error?.issues.map((i) => i.path[0])).toContain("tasks");
  });
});

describe("issueWrittenAt (issue 32: an imprévu keeps the time it was written)", () => {
  const now = new Date("2026-11-29T08:00:00.000Z");
  it("keeps a believable phone time", () => {
    expect(issueWrittenAt("2026-11-29T06:12:00.000Z", now).toISOString()).toBe("2026-11-29T06:12:00.000Z");
    expect(issueWrittenAt("2026-11-29T09:12:00+02:00", now).toISOString()).toBe("2026-11-29T07:12:00.000Z");
    expect(issueWrittenAt("2026-10-31T08:00:00.000Z", now).toISOString()).toBe("2026-10-31T08:00:00.000Z");
  });
  it("never in the future: a clock up to 5 minutes ahead gives now, further ahead or over 30 days old too", () => {
    expect(issueWrittenAt("2026-11-29T08:04:00.000Z", now)).toEqual(now);
    expect(issueWrittenAt("2026-11-29T08:06:00.000Z", now)).toEqual(now);
    expect(issueWrittenAt("2026-10-30T07:59:00.000Z", now)).toEqual(now);
    expect(issueWrittenAt(undefined, now)).toEqual(now);
    expect(issueWrittenAt("n'importe quoi", now)).toEqual(now);
  });
  it("the office's notification names the imprévu, the worksite and its author", () => {
    expect(issueNotificationBody("Mur humide", "CH-2026-0007", "Salle de bain Leroy", "Julien Moreau")).toBe(
      "Mur humide \u2014 CH-2026-0007 \u00b7 Salle de bain Leroy, par Julien Moreau",
    );
  });
});
