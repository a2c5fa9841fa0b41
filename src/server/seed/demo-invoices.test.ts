import { randomUUID } from "node:crypto";
import { users } from "@server/db/schema";
import { createAuthService } from "@server/modules/auth/auth.service";
import { TokenService } from "@server/modules/auth/tokens";
import { bearer, createTestCompany, login, setupApp, TEST_JWT_SECRET } from "@server/test/helpers";
import type { DashboardAlerts, DashboardHistory, DashboardStats, TodayTask } from "@shared/dashboard";
import { addDays, parisToday } from "@shared/dates";
import type { Invoice, InvoiceList, InvoiceRow } from "@shared/invoices";
import type { Reminders } from "@shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seedDemoBook } from "./demo-data";
import { DEMO_INVOICES, seedDemoInvoices } from "./demo-invoices";
import { seedDemoLibrary } from "./demo-library";
import { seedDemoProjects } from "./demo-projects";
import { seedDemoQuotes } from "./demo-quotes";
import { seedDemoTeams } from "./demo-teams";
import { seedDemoVehicles } from "./demo-vehicles";

const { app, db } = await setupApp();

describe("the demo invoices", () => {
  it("span twelve months in every state, numbered without a gap in the order of their dates", async () => {
    const company = await createTestCompany(db, "Démo Factures");
    // The demo teams name the company's team leader and worker.
    await db.run("platform", async (tx) => {
      await tx.update(users).set({ fullName: "Marc Lefèvre" }).where(eq(users.email, company.emails.chef));
      await tx.update(users).set({ fullName: "Julien Moreau" }).where(eq(users.email, company.emails.compagnon));
    });
    const { token } = await login(app, company.emails.admin);
    const admin = await createAuthService(db, new TokenService(TEST_JWT_SECRET)).authenticate(token);
    await seedDemoQuotes(db, admin, await seedDemoBook(db, admin), await seedDemoLibrary(db, admin));
    await seedDemoTeams(db, admin, "demo1234", `demo-${randomUUID().slice(0, 8)}.fr`);
    await seedDemoVehicles(db, admin);
    await seedDemoProjects(db, admin);
    await seedDemoInvoices(db, admin);

    const list = (await app.inject({ url: "/api/invoices?limit=100", headers: bearer(token) })).json() as InvoiceList;
    const rows = list.invoices;
    // Every demo document, and the credit note of the cancelled one.
    expect(rows).toHaveLength(DEMO_INVOICES.length + 1);
    const today = parisToday();
    expect(rows.every((r) => r.date >= addDays(today, -365) && r.date <= today)).toBe(true);
    // Every month of the home's chart holds an issued invoice (issue 16).
    const months = new Set(rows.filter((r) => r.status !== "draft").map((r) => r.date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(11);
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(["cancelled", "draft", "paid", "sent"]);
    expect(rows.some((r) => r.overdue && r.paid_amount > 0 && r.balance_due > 0)).toBe(true);
    expect(rows.some((r) => r.status === "sent" && !r.overdue)).toBe(true);
    expect(rows.filter((r) => r.kind === "deposit")).toHaveLength(2);
    expect(rows.filter((r) => r.kind === "credit_note")).toHaveLength(1);

    // Numbers follow each other per year, in the order of the invoices' dates.
    const issued = rows.filter((r) => r.reference.startsWith("FAC-")).sort(byNumber);
    for (const year of new Set(issued.map((r) => r.reference.slice(4, 8)))) {
      const ofYear = issued.filter((r) => r.reference.slice(4, 8) === year);
      expect(ofYear.map((r) => Number(r.reference.slice(9)))).toEqual(ofYear.map((_, i) => i + 1));
      const dates = ofYear.map((r) => r.date);
      expect(dates).toEqual([...dates].sort());
    }
    expect(rows.filter((r) => r.status === "draft").every((r) => r.reference.startsWith("PROV-"))).toBe(true);

    // The bakery's final invoice deducts its deposit; the credit note reverses the cancelled invoice.
    const final = rows.find((r) => r.kind === "invoice" && r.name === "Mise aux normes du fournil");
    const detail = (await app.inject({ url: `/api/invoices/${final?.id}`, headers: bearer(token) })).json() as Invoice;
    expect(detail.deposits).toHaveLength(1);
    expect(detail.deposits_net).toBeGreaterThan(0);
    const cancelled = rows.find((r) => r.status === "cancelled");
    const creditNote = rows.find((r) => r.kind === "credit_note");
    expect(creditNote?.total).toBe(cancelled?.total);
    expect(creditNote?.reference).toMatch(/^AV-\d{4}-0001$/);

    // The home (issue 16): every card and the chart hold something on the seed day.
    const read = async <T>(url: string) => (await app.inject({ url, headers: bearer(token) })).json() as T;
    const stats = await read<DashboardStats>("/api/dashboard/stats");
    expect(stats.monthlyRevenue).toBeGreaterThan(0);
    expect(stats.activeClients).toBeGreaterThanOrEqual(10);
    expect(stats.activeProjects).toBeGreaterThanOrEqual(6);
    expect([stats.pendingQuotes, stats.oldPendingQuotes]).toEqual([4, 4]);
    expect(stats.clientSatisfaction).toBe(80);
    expect(stats.vehiclesNeedingMaintenance).toBe(1);
    expect(stats.changes.pendingQuotes).not.toBeNull();
    expect((await read<TodayTask[]>("/api/dashboard/today-tasks")).length).toBeGreaterThan(0);
    const alerts = await read<DashboardAlerts>("/api/dashboard/alerts");
    // The home's quote alerts are « À relancer »'s quotes (one rule, issue 32, ADR 0028): some on the seed day.
    const toRemind = await read<Reminders>("/api/reminders");
    expect(alerts.counts.quote).toBe(toRemind.quotes.length);
    expect(alerts.counts.quote).toBeGreaterThanOrEqual(1);
    expect(alerts.counts.invoice).toBeGreaterThanOrEqual(1);
    expect(alerts.counts.vehicle).toBe(1);
    const history = await read<DashboardHistory>("/api/dashboard/history");
    expect(history.months.filter((m) => m.invoiced > 0).length).toBeGreaterThanOrEqual(11);
    expect(history.months.filter((m) => m.collected > 0).length).toBeGreaterThanOrEqual(9);
    expect(history.quotes.acceptanceRate).not.toBeNull();
  });
});

const byNumber = (a: InvoiceRow, b: InvoiceRow) => a.reference.localeCompare(b.reference);
