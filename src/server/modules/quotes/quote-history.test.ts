import { quoteHistory } from "@server/db/schema";
import { QUOTE_TEXTS } from "@shared/quotes";
import { describe, expect, it } from "vitest";
import { QUOTE_LINES as items, quoteBody, setupQuotesTest } from "./quotes.fixtures";

const { api, db, company, admin, compagnon, norole, otherAdmin, clientId, otherClientId, createQuote } =
  await setupQuotesTest();

describe("status, history and the final lock", () => {
  it("records every step with the user's name, then refuses edits once validated", async () => {
    const quote = await createQuote(admin);
    const body = quoteBody(quote, { discount_percentage: 10, items });
    const renamed = await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...body, name: "Salle de bain complète" });
    expect(renamed.statusCode).toBe(200);
    expect(
      (
        await api(admin, "PUT", `/api/quotes/${quote.id}`, {
          ...body,
          name: "Salle de bain complète",
          status: "envoye au client",
        })
      ).statusCode,
    ).toBe(200);
    const validated = await api(admin, "PUT", `/api/quotes/${quote.id}`, {
      ...body,
      name: "Salle de bain complète",
      status: "valide",
    });
    expect(validated.json().status).toBe("valide");

    const locked = await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...body, name: "Trop tard", status: "valide" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: "CONFLICT", error: QUOTE_TEXTS.finalLocked });
    expect((await api(admin, "GET", `/api/quotes/${quote.id}`)).json().name).toBe("Salle de bain complète");

    const history = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created", "updated", "sent", "validated"]);
    expect(history.every((h: { user_name: string }) => h.user_name === "Test admin")).toBe(true);
    expect(history[1].changes).toEqual({ name: { from: "Rénovation salle de bain", to: "Salle de bain complète" } });
    expect(history[2].changes).toEqual({ status: { from: "en cours de redaction", to: "envoye au client" } });
    expect(history[0].metadata).toMatchObject({ reference: quote.reference });
  });

  it("writes a cancellation and locks cancelled and refused quotes too", async () => {
    for (const [status, action] of [
      ["annule", "cancelled"],
      ["refuse", "status_changed"],
    ]) {
      const quote = await createQuote(admin);
      const body = quoteBody(quote);
      await api(admin, "PUT", `/api/quotes/${quote.id}`, { ...body, status });
      const history = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
      expect(history.at(-1).action).toBe(action);
      expect((await api(admin, "PUT", `/api/quotes/${quote.id}`, body)).statusCode).toBe(409);
    }
  });
});

describe("GET /api/quotes/:id/history", () => {
  it("is read with quotes:view, and another company's or a malformed id answers 404", async () => {
    const quote = await createQuote(admin);
    const read = await api(compagnon, "GET", `/api/quotes/${quote.id}/history`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([
      expect.objectContaining({ action: "created", user_name: "Test admin", changes: null }),
    ]);
    expect((await api(norole, "GET", `/api/quotes/${quote.id}/history`)).statusCode).toBe(403);
    for (const id of [quote.id, "pas-un-id"]) {
      const res = await api(otherAdmin, "GET", `/api/quotes/${id}/history`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(QUOTE_TEXTS.notFound);
    }
  });

  it("records the changed fields, the lines and the total of an edit", async () => {
    const quote = await createQuote(admin);
    const updatedRes = await api(
      admin,
      "PUT",
      `/api/quotes/${quote.id}`,
      quoteBody(quote, { notes: "Accès par la cour", discount_percentage: 10, items: [items[0]] }),
    );
    expect(updatedRes.statusCode, updatedRes.body).toBe(200);
    const [, updated] = (await api(admin, "GET", `/api/quotes/${quote.id}/history`)).json();
    expect(updated).toMatchObject({
      action: "updated",
      changes: {
        notes: { from: null, to: "Accès par la cour" },
        items: { from: 3, to: 1 },
        total: { from: quote.total, to: 324 },
      },
    });
  });

  it("names the clients of a client change, within the company only (the screen loads no client book)", async () => {
    const quote = await createQuote(admin);
    const bois = (await api(admin, "POST", "/api/clients", { name: "Atelier Bois", phone: "0611223344" })).json();
    const moved = await api(admin, "PUT", `/api/quotes/${quote.id}`, quoteBody(quote, { client_id: bois.id }));
    expect(moved.statusCode, moved.body).toBe(200);
    // An entry naming another company's client (not writable through the API): its name never shows.
    await db.run({ companyId: company.id }, (tx) =>
      tx.insert(quoteHistory).values({
        companyId: company.id,
        quoteId: quote.id,
        action: "updated",
        userId: null,
        userName: "Test admin",
        changes: { client_id: { from: bois.id, to: otherClientId } },
      }),
    );

    const res = await api(compagnon, "GET", `/api/quotes/${quote.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const history = res.json();
    expect(history.map((h: { action: string }) => h.action)).toEqual(["created", "updated", "updated"]);
    expect(history[0].client_names).toEqual({});
    expect(history[1].changes.client_id).toEqual({ from: clientId, to: bois.id });
    expect(history[1].client_names).toEqual({ [clientId]: "Famille Martin", [bois.id]: "Atelier Bois" });
    expect(history[2].client_names).toEqual({ [bois.id]: "Atelier Bois" });
    expect(JSON.stringify(history)).not.toContain("Client concurrent");
  });
});
