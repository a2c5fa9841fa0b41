import { parisToday } from "@shared/dates";
import { calendarWeekSchema, mondayOf } from "@shared/planning";
import { teamListResponseSchema } from "@shared/teams";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi, installBrowserStubs, makeCalendarProject, renderPlanning, weekAnswer } from "../test/render";
import { PlanningPage } from "./planning-page";

/** Set when the board's module (and dnd-kit with it) is evaluated. */
const board = vi.hoisted(() => ({ loaded: false }));
vi.mock("./planning-board", async (original) => {
  board.loaded = true;
  return original();
});

const monday = mondayOf(parisToday());

beforeEach(() => {
  installBrowserStubs();
  const api = fakeApi().install();
  const projects = [makeCalendarProject({ name: "Fuite sous évier", start_date: monday })];
  api.get("/api/calendar/week", calendarWeekSchema, ({ query }) =>
    weekAnswer(query.get("week_start") ?? "", projects, query.get("team_id")),
  );
  api.get("/api/teams", teamListResponseSchema, () => ({ data: [], meta: { total: 0, page: 1, limit: 100 } }));
});

afterEach(cleanup);

// In this order: the module is evaluated once per file.
describe("PlanningPage's code (ADR 0005 §10 (l))", () => {
  it("a phone shows its day without loading the desktop board and its drag and drop", async () => {
    renderPlanning(<PlanningPage isMobile />, { url: `/calendar?week=${monday}` });
    const tabs = await screen.findByRole("tablist", { name: "Jours de la semaine" });
    fireEvent.click(within(tabs).getAllByRole("tab")[0] as HTMLElement);
    expect(await screen.findByRole("article", { name: "Fuite sous évier" })).toBeTruthy();
    expect(board.loaded).toBe(false);
  });

  it("a wide screen loads the board and shows the week on it", async () => {
    renderPlanning(<PlanningPage isMobile={false} />);
    expect(await screen.findByRole("article", { name: "Fuite sous évier" }, { timeout: 10_000 })).toBeTruthy();
    expect(board.loaded).toBe(true);
    // The board's seven columns, not the phone's strip of days.
    expect(screen.getByText("Dimanche")).toBeTruthy();
    expect(screen.queryByRole("tablist")).toBeNull();
  });
});
