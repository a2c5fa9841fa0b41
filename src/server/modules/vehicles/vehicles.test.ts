import { randomUUID } from "node:crypto";
import { projects } from "@server/db/schema";
import { bearer, createTestCompany, login, setupApp } from "@server/test/helpers";
import { addDays, parisToday } from "@shared/dates";
import { VEHICLE_TEXTS, type Vehicle, type VehicleListResponse, type VehicleSummary } from "@shared/vehicles";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

const { app, db } = await setupApp();

/** A company of the tests and its tokens by default role. */
interface Fleet {
  id: string;
  admin: string;
  chef: string;
  compagnon: string;
  norole: string;
}

async function fleet(name: string): Promise<Fleet> {
  const company = await createTestCompany(db, name);
  return {
    id: company.id,
    admin: (await login(app, company.emails.admin)).token,
    chef: (await login(app, company.emails.chef)).token,
    compagnon: (await login(app, company.emails.compagnon)).token,
    norole: (await login(app, company.emails.norole)).token,
  };
}

let a: Fleet;
let b: Fleet;

beforeAll(async () => {
  a = await fleet("Véhicules SARL");
  b = await fleet("Autres Véhicules SARL");
});

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(token: string, payload: object): Promise<Vehicle> {
  const res = await api(token, "POST", "/api/vehicles", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Vehicle;
}

const tag = () => randomUUID().slice(0, 8);
/** A plate unique to this run: « AB-1234-CD » with a random middle. */
const plate = () => `TS-${randomUUID().replace(/\D/g, "").slice(0, 6)}-${tag().slice(0, 2).toUpperCase()}`;
const detailsOf = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as { details: { path: string; message: string }[] }).details.map((d) => [d.path, d.message]),
  );
const whole = (changes: object = {}) => ({
  name: "Véhicule",
  registration_number: null,
  brand: null,
  model: null,
  status: "available",
  mileage: null,
  next_service_date: null,
  next_inspection_date: null,
  insurance_expiry_date: null,
  ...changes,
});
const list = async (token: string, query: string) => {
  const res = await api(token, "GET", `/api/vehicles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VehicleListResponse;
};
const today = parisToday();

describe("POST /api/vehicles", () => {
  it("creates a vehicle: name trimmed, plate upper-cased, blanks none, « available » by default", async () => {
    const registration = plate();
    const vehicle = await create(a.admin, {
      name: "  Master benne  ",
      registration_number: `  ${registration.toLowerCase()} `,
      brand: " Renault ",
      model: "",
      mileage: 125400,
      next_service_date: "2027-03-15",
      next_inspection_date: "2026-12-03",
      insurance_expiry_date: null,
    });
    expect(vehicle).toMatchObject({
      name: "Master benne",
      registration_number: registration,
      brand: "Renault",
      model: null,
      status: "available",
      mileage: 125400,
      next_service_date: "2027-03-15",
      next_inspection_date: "2026-12-03",
      insurance_expiry_date: null,
      // The earliest of the three dates.
      next_due_date: "2026-12-03",
    });
    expect((await api(a.compagnon, "GET", `/api/vehicles/${vehicle.id}`)).json()).toEqual(vehicle);
  });

  it("takes a vehicle with its name only", async () => {
    const vehicle = await create(a.admin, { name: "Kangoo", status: "in_use" });
    expect(vehicle).toMatchObject({
      registration_number: null,
      brand: null,
      model: null,
      status: "in_use",
      mileage: null,
      next_due_date: null,
    });
  });

  it("refuses each field in the spec's words", async () => {
    for (const body of [{}, { name: "   " }, { name: null }]) {
      const res = await api(a.admin, "POST", "/api/vehicles", body);
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res.body).name).toBe(VEHICLE_TEXTS.nameRequired);
      expect(res.json().message).toBe(VEHICLE_TEXTS.nameRequired);
    }
    const cases: [object, string, string | RegExp][] = [
      [{ name: "x".repeat(101) }, "name", VEHICLE_TEXTS.nameTooLong],
      [{ registration_number: " a " }, "registration_number", VEHICLE_TEXTS.registrationTooShort],
      [{ registration_number: "A".repeat(21) }, "registration_number", VEHICLE_TEXTS.registrationTooLong],
      [{ brand: "x".repeat(61) }, "brand", /^Marque\s:\s60 caractères au maximum$/],
      [{ model: "x".repeat(61) }, "model", /^Modèle\s:\s60 caractères au maximum$/],
      [{ status: "garage" }, "status", VEHICLE_TEXTS.statusInvalid],
      [{ mileage: -1 }, "mileage", VEHICLE_TEXTS.mileageInvalid],
      [{ mileage: 10.5 }, "mileage", VEHICLE_TEXTS.mileageInvalid],
      [{ mileage: "beaucoup" }, "mileage", VEHICLE_TEXTS.mileageInvalid],
      [{ mileage: 10_000_000 }, "mileage", VEHICLE_TEXTS.mileageTooHigh],
      [{ next_service_date: "2026-02-30" }, "next_service_date", VEHICLE_TEXTS.dateInvalid],
      [{ next_inspection_date: "03/12/2026" }, "next_inspection_date", VEHICLE_TEXTS.dateInvalid],
      [{ insurance_expiry_date: 20261203 }, "insurance_expiry_date", VEHICLE_TEXTS.dateInvalid],
    ];
    for (const [changes, field, message] of cases) {
      const res = await api(a.admin, "POST", "/api/vehicles", { name: "Véhicule", ...changes });
      expect(res.statusCode, field).toBe(400);
      const said = detailsOf(res.body)[field];
      if (typeof message === "string") expect(said, JSON.stringify(changes)).toBe(message);
      else expect(said, JSON.stringify(changes)).toMatch(message);
    }
  });

  it("refuses a plate another vehicle of the company holds, whatever its case: 409 naming it", async () => {
    const registration = plate();
    await create(a.admin, { name: "Partner", registration_number: registration });
    const res = await api(a.admin, "POST", "/api/vehicles", {
      name: "Autre Partner",
      registration_number: registration.toLowerCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: VEHICLE_TEXTS.registrationTaken(registration) });
    expect(res.json().message).toContain(registration);
    // Another company may hold the same plate; vehicles without plate are many.
    await create(b.admin, { name: "Partner", registration_number: registration });
    await create(a.admin, { name: "Sans plaque 1" });
    await create(a.admin, { name: "Sans plaque 2", registration_number: "  " });
  });

  it("is for vehicles:create holders: a Chef d'équipe adds, a Compagnon and a user without role get 403", async () => {
    await create(a.chef, { name: `Jumpy du chef ${tag()}` });
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "POST", "/api/vehicles", { name: "Refusé" })).statusCode).toBe(403);
    }
  });
});

describe("GET /api/vehicles", () => {
  let search: string;
  let master: Vehicle;
  let partner: Vehicle;
  let jumpy: Vehicle;

  beforeAll(async () => {
    search = tag();
    // Created out of order: the list sorts by name, case aside.
    partner = await create(a.admin, {
      name: `partner ${search}`,
      registration_number: plate(),
      brand: "Peugeot",
      model: "Partner",
      status: "in_use",
      // Insurance expired last week: « à surveiller ».
      insurance_expiry_date: addDays(today, -7),
    });
    master = await create(a.admin, {
      name: `Master ${search}`,
      registration_number: `MS-${search.slice(0, 3)}-ZZ`.toUpperCase(),
      brand: "Renault",
      model: "Master benne",
      status: "maintenance",
      // Contrôle technique in 30 days: the last day of « à surveiller ».
      next_inspection_date: addDays(today, 30),
      next_service_date: addDays(today, 200),
    });
    jumpy = await create(a.admin, {
      name: `Jumpy ${search}`,
      brand: "Citroën",
      model: "Jumpy",
      // In 31 days: not yet.
      next_service_date: addDays(today, 31),
    });
  });

  it("lists by name with every field, 50 a page by default", async () => {
    const page = await list(a.admin, `search=${search}`);
    expect(page.meta).toEqual({ total: 3, page: 1, limit: 50 });
    expect(page.data.map((v) => v.name)).toEqual([`Jumpy ${search}`, `Master ${search}`, `partner ${search}`]);
    expect(page.data[1]).toEqual(master);
  });

  it("searches the name, the plate, the brand and the model, case aside", async () => {
    const names = async (term: string) =>
      (await list(a.admin, `search=${encodeURIComponent(term)}`)).data
        .map((v) => v.name)
        .filter((n) => n.endsWith(search));
    expect(await names(`ms-${search.slice(0, 3)}`)).toEqual([`Master ${search}`]);
    expect(await names("CITROËN")).toContain(`Jumpy ${search}`);
    expect(await names("master benne")).toEqual([`Master ${search}`]);
    expect(await names("peugeot")).toContain(`partner ${search}`);
    expect(await list(a.admin, `search=${search}-rien`)).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("filters by status (omitted: all) and refuses an unknown status", async () => {
    const byStatus = async (status: string) =>
      (await list(a.admin, `search=${search}&status=${status}`)).data.map((v) => v.id);
    expect(await byStatus("available")).toEqual([jumpy.id]);
    expect(await byStatus("maintenance")).toEqual([master.id]);
    expect(await byStatus("in_use")).toEqual([partner.id]);
    const bad = await api(a.admin, "GET", "/api/vehicles?status=garage");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VEHICLE_TEXTS.statusInvalid);
  });

  it("keeps the vehicles « à surveiller »: a date past or within 30 days, with the other filters", async () => {
    const due = await list(a.admin, `search=${search}&needs_attention=true`);
    expect(due.data.map((v) => v.id)).toEqual([master.id, partner.id]);
    expect(due.meta.total).toBe(2);
    expect((await list(a.admin, `search=${search}&needs_attention=false`)).meta.total).toBe(3);
    const dueInUse = await list(a.admin, `search=${search}&needs_attention=true&status=in_use`);
    expect(dueInUse.data.map((v) => v.id)).toEqual([partner.id]);
    const bad = await api(a.admin, "GET", "/api/vehicles?needs_attention=oui");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(VEHICLE_TEXTS.attentionInvalid);
  });

  it("pages: limit and page, the total of the whole search; the limits", async () => {
    const first = await list(a.admin, `search=${search}&limit=2`);
    expect(first.data.map((v) => v.id)).toEqual([jumpy.id, master.id]);
    expect(first.meta).toEqual({ total: 3, page: 1, limit: 2 });
    const second = await list(a.admin, `search=${search}&limit=2&page=2`);
    expect(second.data.map((v) => v.id)).toEqual([partner.id]);
    expect(second.meta.total).toBe(3);
    expect(await list(a.admin, `search=${search}&limit=2&page=9`)).toMatchObject({
      data: [],
      meta: { total: 3, page: 9 },
    });
    const tooMany = await api(a.admin, "GET", "/api/vehicles?limit=101");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("La limite maximale est de 100");
  });

  it("shows the fleet to a Compagnon; not to a user without role (403)", async () => {
    expect((await list(a.compagnon, `search=${search}`)).meta.total).toBe(3);
    expect((await api(a.norole, "GET", "/api/vehicles")).statusCode).toBe(403);
  });

  it("shows nothing of another company", async () => {
    expect(await list(b.admin, `search=${search}`)).toMatchObject({ data: [], meta: { total: 0 } });
    const all = await api(b.admin, "GET", "/api/vehicles?limit=100");
    expect(all.body).not.toContain(search);
    expect(all.body).not.toContain(master.id);
  });
});

describe("GET /api/vehicles/summary", () => {
  it("counts the company's vehicles by status and those « à surveiller », for a Compagnon too", async () => {
    const company = await fleet("Flotte comptée SARL");
    const empty = (await api(company.compagnon, "GET", "/api/vehicles/summary")).json() as VehicleSummary;
    expect(empty).toEqual({ total: 0, by_status: { available: 0, maintenance: 0, in_use: 0 }, needs_attention: 0 });

    await create(company.admin, { name: "A", next_inspection_date: addDays(today, 7) });
    await create(company.admin, { name: "B", status: "maintenance", insurance_expiry_date: addDays(today, -1) });
    await create(company.admin, { name: "C", status: "in_use", next_service_date: addDays(today, 31) });
    await create(company.admin, { name: "D", status: "in_use" });
    const res = await api(company.compagnon, "GET", "/api/vehicles/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 4,
      by_status: { available: 1, maintenance: 1, in_use: 2 },
      needs_attention: 2,
    });
    // The count and the list filter agree.
    expect((await list(company.admin, "needs_attention=true")).meta.total).toBe(2);
    // Nothing of another company, and not without the permission.
    expect(((await api(b.admin, "GET", "/api/vehicles/summary")).json() as VehicleSummary).total).not.toBe(4);
    expect((await api(company.norole, "GET", "/api/vehicles/summary")).statusCode).toBe(403);
  });
});

describe("GET /api/vehicles/:id", () => {
  it("answers the vehicle; 404 for another company's vehicle, an unknown or a malformed id", async () => {
    const vehicle = await create(a.admin, { name: `Transit ${tag()}` });
    const res = await api(a.compagnon, "GET", `/api/vehicles/${vehicle.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(vehicle);
    for (const id of [vehicle.id, randomUUID(), "pas-un-identifiant"]) {
      const other = await api(b.admin, "GET", `/api/vehicles/${id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(VEHICLE_TEXTS.notFound);
    }
    expect((await api(a.norole, "GET", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(403);
  });
});

describe("PUT /api/vehicles/:id", () => {
  it("replaces every field; null clears, the plate is upper-cased", async () => {
    const vehicle = await create(a.admin, {
      name: "Kangoo",
      registration_number: plate(),
      brand: "Renault",
      mileage: 80000,
      next_service_date: "2027-01-10",
    });
    const registration = plate();
    const res = await api(
      a.chef,
      "PUT",
      `/api/vehicles/${vehicle.id}`,
      whole({
        name: " Kangoo Van ",
        registration_number: registration.toLowerCase(),
        model: "Van E-Tech",
        status: "maintenance",
        mileage: 81250,
        next_inspection_date: "2027-02-01",
        insurance_expiry_date: "2026-12-31",
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Vehicle;
    expect(updated).toMatchObject({
      id: vehicle.id,
      name: "Kangoo Van",
      registration_number: registration,
      brand: null,
      model: "Van E-Tech",
      status: "maintenance",
      mileage: 81250,
      next_service_date: null,
      next_inspection_date: "2027-02-01",
      insurance_expiry_date: "2026-12-31",
      next_due_date: "2026-12-31",
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(vehicle.updated_at));
    expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).json()).toEqual(updated);
  });

  it("needs every key: a body that forgets the dates changes nothing", async () => {
    const vehicle = await create(a.admin, { name: `Master ${tag()}`, next_service_date: "2027-05-01" });
    const res = await api(a.admin, "PUT", `/api/vehicles/${vehicle.id}`, { name: "Renommé" });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body)).toMatchObject({
      registration_number: "Champ obligatoire",
      status: "Champ obligatoire",
      mileage: "Champ obligatoire",
      next_service_date: "Champ obligatoire",
    });
    expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).json()).toEqual(vehicle);
  });

  it("checks the fields as a creation does", async () => {
    const vehicle = await create(a.admin, { name: `Jumpy ${tag()}` });
    const put = (changes: object) => api(a.admin, "PUT", `/api/vehicles/${vehicle.id}`, whole(changes));
    expect(detailsOf((await put({ name: " " })).body).name).toBe(VEHICLE_TEXTS.nameRequired);
    expect(detailsOf((await put({ registration_number: "x" })).body).registration_number).toBe(
      VEHICLE_TEXTS.registrationTooShort,
    );
    expect(detailsOf((await put({ mileage: -5 })).body).mileage).toBe(VEHICLE_TEXTS.mileageInvalid);
    expect(detailsOf((await put({ next_inspection_date: "2026-13-01" })).body).next_inspection_date).toBe(
      VEHICLE_TEXTS.dateInvalid,
    );
  });

  it("refuses the plate of another vehicle (409, whatever the case); keeping its own is fine", async () => {
    const taken = plate();
    await create(a.admin, { name: "Premier", registration_number: taken });
    const own = plate();
    const second = await create(a.admin, { name: "Second", registration_number: own });
    const res = await api(
      a.admin,
      "PUT",
      `/api/vehicles/${second.id}`,
      whole({ name: "Second", registration_number: taken.toLowerCase() }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(VEHICLE_TEXTS.registrationTaken(taken));
    expect(((await api(a.admin, "GET", `/api/vehicles/${second.id}`)).json() as Vehicle).registration_number).toBe(own);
    const kept = await api(
      a.admin,
      "PUT",
      `/api/vehicles/${second.id}`,
      whole({ name: "Second bis", registration_number: own }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("answers 404 to another company (its vehicle untouched), 403 to a Compagnon", async () => {
    const vehicle = await create(a.admin, { name: `Transit ${tag()}` });
    expect((await api(b.admin, "PUT", `/api/vehicles/${vehicle.id}`, whole({ name: "Volé" }))).statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).json()).toEqual(vehicle);
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "PUT", `/api/vehicles/${vehicle.id}`, whole())).statusCode).toBe(403);
    }
  });
});

describe("DELETE /api/vehicles/:id", () => {
  it("deletes the vehicle; its plate is free again", async () => {
    const registration = plate();
    const vehicle = await create(a.admin, { name: `Partner ${tag()}`, registration_number: registration });
    expect((await api(a.chef, "DELETE", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(204);
    expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(404);
    expect((await api(a.admin, "DELETE", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(404);
    await create(a.admin, { name: "Le suivant", registration_number: registration });
  });

  it("is not for a Compagnon nor a user without role; 404 for another company", async () => {
    const vehicle = await create(a.admin, { name: `Kangoo ${tag()}` });
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "DELETE", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(403);
    }
    expect((await api(b.admin, "DELETE", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(200);
  });

  it("keeps a vehicle a worksite uses (projects.vehicle_id, ON DELETE RESTRICT): 409 in French", async () => {
    const vehicle = await create(a.admin, { name: `Master ${tag()}` });
    const [project] = await db.run("platform", (tx) =>
      tx
        .insert(projects)
        .values({ companyId: a.id, reference: `CH-TEST-${tag()}`, name: "Salle de bain", vehicleId: vehicle.id })
        .returning({ id: projects.id }),
    );
    try {
      const res = await api(a.admin, "DELETE", `/api/vehicles/${vehicle.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "CONFLICT", message: VEHICLE_TEXTS.usedByProjects });
      expect((await api(a.admin, "GET", `/api/vehicles/${vehicle.id}`)).statusCode).toBe(200);
    } finally {
      if (project) await db.run("platform", (tx) => tx.delete(projects).where(eq(projects.id, project.id)));
    }
  });
});
