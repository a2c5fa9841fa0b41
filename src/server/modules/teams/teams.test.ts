import { randomUUID } from "node:crypto";
import { users } from "@server/db/schema";
import { bearer, createTestCompany, createTestUserWithPermissions, login, setupApp } from "@server/test/helpers";
import {
  TEAM_TEXTS,
  type TeamCandidates,
  type TeamDetail,
  type TeamListResponse,
  type TeamMember,
} from "@shared/teams";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { teamsRepository } from "./teams.repository";

const { app, db } = await setupApp();

/** A company of the tests: its tokens and its users' ids by default role. */
interface Crew {
  id: string;
  admin: string;
  chef: string;
  compagnon: string;
  norole: string;
  ids: { admin: string; chef: string; compagnon: string; norole: string };
}

async function crew(name: string): Promise<Crew> {
  const company = await createTestCompany(db, name);
  const admin = await login(app, company.emails.admin);
  const chef = await login(app, company.emails.chef);
  const compagnon = await login(app, company.emails.compagnon);
  const norole = await login(app, company.emails.norole);
  return {
    id: company.id,
    admin: admin.token,
    chef: chef.token,
    compagnon: compagnon.token,
    norole: norole.token,
    ids: { admin: admin.user.id, chef: chef.user.id, compagnon: compagnon.user.id, norole: norole.user.id },
  };
}

let a: Crew;
let b: Crew;

beforeAll(async () => {
  a = await crew("Équipes SARL");
  b = await crew("Autres Équipes SARL");
});

const api = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(token: string, payload: object): Promise<TeamDetail> {
  const res = await api(token, "POST", "/api/teams", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TeamDetail;
}

const tag = () => randomUUID().slice(0, 8);
const detailsOf = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as { details: { path: string; message: string }[] }).details.map((d) => [d.path, d.message]),
  );
const whole = (changes: object = {}) => ({
  name: "Équipe",
  description: null,
  member_ids: [],
  leader_id: null,
  ...changes,
});
const memberIds = (members: TeamMember[]) => members.map((m) => m.id).sort();

/** A user of `companyId` whose account is then deactivated; its id. */
async function inactiveUser(companyId: string): Promise<string> {
  const email = await createTestUserWithPermissions(db, companyId, []);
  return db.run("platform", async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    if (!row) throw new Error("user not deactivated");
    return row.id;
  });
}

describe("POST /api/teams", () => {
  it("creates a team, trimmed, with its members and its leader; duplicates are ignored", async () => {
    const team = await create(a.admin, {
      name: "  Équipe Plomberie  ",
      description: "  Salles de bain et dépannages ",
      member_ids: [a.ids.compagnon, a.ids.chef, a.ids.compagnon],
      leader_id: a.ids.chef,
    });
    expect(team).toMatchObject({
      name: "Équipe Plomberie",
      description: "Salles de bain et dépannages",
      member_count: 2,
      leader: { id: a.ids.chef, full_name: "Test chef" },
    });
    // The leader first, then by name; e-mail and state of each.
    expect(team.members).toEqual([
      {
        id: a.ids.chef,
        full_name: "Test chef",
        email: expect.stringMatching(/^chef-/),
        is_leader: true,
        is_active: true,
      },
      {
        id: a.ids.compagnon,
        full_name: "Test compagnon",
        email: expect.stringMatching(/^compagnon-/),
        is_leader: false,
        is_active: true,
      },
    ]);
  });

  it("creates a team without members, a blank description stored as none", async () => {
    const team = await create(a.admin, { name: "Équipe vide", description: "   " });
    expect(team).toMatchObject({ description: null, member_count: 0, leader: null, members: [], members_preview: [] });
  });

  it("refuses a missing or blank name, in the spec's words", async () => {
    for (const body of [{}, { name: "   " }, { name: null }]) {
      const res = await api(a.admin, "POST", "/api/teams", body);
      expect(res.statusCode).toBe(400);
      expect(detailsOf(res.body).name).toBe(TEAM_TEXTS.nameRequired);
    }
    const long = await api(a.admin, "POST", "/api/teams", { name: "x".repeat(101) });
    expect(detailsOf(long.body).name).toBe(TEAM_TEXTS.nameTooLong);
    const description = await api(a.admin, "POST", "/api/teams", { name: "Équipe", description: "x".repeat(1001) });
    expect(detailsOf(description.body).description).toMatch(/^Description.*1000 caractères au maximum$/);
  });

  it("refuses a leader who is not a member", async () => {
    const res = await api(a.admin, "POST", "/api/teams", {
      name: "Équipe",
      member_ids: [a.ids.compagnon],
      leader_id: a.ids.chef,
    });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body).leader_id).toBe(TEAM_TEXTS.leaderNotMember);
  });

  it("refuses another company's user, an inactive user, an unknown id and what is not an id, alike", async () => {
    const inactive = await inactiveUser(a.id);
    const refused = `Refusée ${tag()}`;
    for (const member of [b.ids.compagnon, inactive, randomUUID(), "pas-un-identifiant"]) {
      const res = await api(a.admin, "POST", "/api/teams", { name: refused, member_ids: [a.ids.chef, member] });
      expect(res.statusCode, member).toBe(400);
      const body = res.json() as { message: string; details: { path: string; message: string }[] };
      expect(body.details[0]?.message).toBe(TEAM_TEXTS.memberInvalid);
      // Nothing tells another company's user from an unknown id.
      expect(res.body).not.toContain("Test compagnon");
    }
    const list = (await api(a.admin, "GET", `/api/teams?search=${encodeURIComponent(refused)}`)).json();
    expect((list as TeamListResponse).meta.total).toBe(0);
  });

  it("refuses more than 100 members", async () => {
    const res = await api(a.admin, "POST", "/api/teams", {
      name: "Équipe",
      member_ids: Array.from({ length: 101 }, () => randomUUID()),
    });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body).member_ids).toBe(TEAM_TEXTS.tooManyMembers);
  });

  it("is for teams:create holders: a Chef d'équipe creates, a Compagnon and a user without role get 403", async () => {
    await create(a.chef, { name: `Équipe du chef ${tag()}`, member_ids: [a.ids.chef], leader_id: a.ids.chef });
    for (const token of [a.compagnon, a.norole]) {
      const res = await api(token, "POST", "/api/teams", { name: "Équipe" });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe("GET /api/teams", () => {
  let search: string;
  let bravo: TeamDetail;

  beforeAll(async () => {
    search = tag();
    // Created out of order: the list sorts by name, case aside.
    bravo = await create(a.admin, {
      name: `bravo ${search}`,
      member_ids: [a.ids.admin, a.ids.chef, a.ids.compagnon],
      leader_id: a.ids.compagnon,
    });
    await create(a.admin, { name: `Charlie ${search}`, description: "Gros œuvre" });
    await create(a.admin, { name: `Alpha ${search}`, member_ids: [a.ids.chef] });
  });

  it("lists by name with each team's member count, leader and first members, in one page", async () => {
    const res = await api(a.admin, "GET", `/api/teams?search=${search}`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as TeamListResponse;
    expect(list.meta).toEqual({ total: 3, page: 1, limit: 50 });
    expect(list.data.map((t) => [t.name, t.member_count, t.leader?.full_name ?? null])).toEqual([
      [`Alpha ${search}`, 1, null],
      [`bravo ${search}`, 3, "Test compagnon"],
      [`Charlie ${search}`, 0, null],
    ]);
    // The leader first, then the others by name.
    expect(list.data[1]?.members_preview.map((m) => m.full_name)).toEqual([
      "Test compagnon",
      "Test admin",
      "Test chef",
    ]);
    expect(list.data[1]?.leader).toEqual({ id: a.ids.compagnon, full_name: "Test compagnon" });
  });

  it("searches the name and the description, case and accents as typed", async () => {
    const byDescription = (await api(a.admin, "GET", `/api/teams?search=${encodeURIComponent("GROS ŒUVRE")}`)).json();
    expect((byDescription as TeamListResponse).data.map((t) => t.name)).toContain(`Charlie ${search}`);
    const none = (await api(a.admin, "GET", `/api/teams?search=${search}-rien`)).json() as TeamListResponse;
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("pages: limit and page, the total of the whole search; the spec's limits", async () => {
    const first = (await api(a.admin, "GET", `/api/teams?search=${search}&limit=2`)).json() as TeamListResponse;
    expect(first.data.map((t) => t.name)).toEqual([`Alpha ${search}`, `bravo ${search}`]);
    expect(first.meta).toEqual({ total: 3, page: 1, limit: 2 });
    const second = (await api(a.admin, "GET", `/api/teams?search=${search}&limit=2&page=2`)).json() as TeamListResponse;
    expect(second.data.map((t) => t.name)).toEqual([`Charlie ${search}`]);
    expect(second.meta.total).toBe(3);
    const beyond = (await api(a.admin, "GET", `/api/teams?search=${search}&limit=2&page=5`)).json() as TeamListResponse;
    expect(beyond).toMatchObject({ data: [], meta: { total: 3, page: 5 } });
    const tooMany = await api(a.admin, "GET", "/api/teams?limit=101");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("La limite maximale est de 100");
  });

  it("shows a Chef d'équipe the teams; not a Compagnon nor a user without role (403)", async () => {
    const chefList = (await api(a.chef, "GET", `/api/teams?search=${search}`)).json() as TeamListResponse;
    expect(chefList.meta.total).toBe(3);
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "GET", "/api/teams")).statusCode).toBe(403);
    }
  });

  it("shows nothing of another company", async () => {
    const other = (await api(b.admin, "GET", `/api/teams?search=${search}`)).json() as TeamListResponse;
    expect(other).toMatchObject({ data: [], meta: { total: 0 } });
    const all = await api(b.admin, "GET", "/api/teams?limit=100");
    expect(all.body).not.toContain(search);
    expect(all.body).not.toContain(bravo.id);
  });
});

describe("GET /api/teams/:id", () => {
  it("answers the team with its members; 404 for another company's team, an unknown or a malformed id", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.compagnon] });
    const res = await api(a.chef, "GET", `/api/teams/${team.id}`);
    expect(res.statusCode).toBe(200);
    expect(memberIds((res.json() as TeamDetail).members)).toEqual([a.ids.compagnon]);
    for (const id of [team.id, randomUUID(), "pas-un-identifiant"]) {
      const other = await api(b.admin, "GET", `/api/teams/${id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().message).toBe(TEAM_TEXTS.notFound);
    }
    expect((await api(a.compagnon, "GET", `/api/teams/${team.id}`)).statusCode).toBe(403);
  });
});

describe("PUT /api/teams/:id", () => {
  it("replaces the name, the description and the member set, and names another leader", async () => {
    const team = await create(a.admin, {
      name: "Équipe Électricité",
      description: "Tableaux",
      member_ids: [a.ids.chef, a.ids.compagnon],
      leader_id: a.ids.chef,
    });
    const res = await api(a.chef, "PUT", `/api/teams/${team.id}`, {
      name: " Équipe Électricité générale ",
      description: "",
      member_ids: [a.ids.compagnon, a.ids.admin, a.ids.admin],
      leader_id: a.ids.admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as TeamDetail;
    expect(updated).toMatchObject({
      name: "Équipe Électricité générale",
      description: null,
      member_count: 2,
      leader: { id: a.ids.admin, full_name: "Test admin" },
    });
    expect(memberIds(updated.members)).toEqual([a.ids.admin, a.ids.compagnon].sort());
    expect(updated.members.filter((m) => m.is_leader).map((m) => m.id)).toEqual([a.ids.admin]);

    // No leader, no members.
    const emptied = (await api(a.admin, "PUT", `/api/teams/${team.id}`, whole({ name: "Équipe Électricité" }))).json();
    expect(emptied).toMatchObject({ member_count: 0, leader: null, members: [] });
  });

  it("needs every key: a body that forgets the members changes nothing", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.chef] });
    const res = await api(a.admin, "PUT", `/api/teams/${team.id}`, { name: "Renommée" });
    expect(res.statusCode).toBe(400);
    const details = detailsOf(res.body);
    expect(details).toMatchObject({
      description: "Champ obligatoire",
      member_ids: "Champ obligatoire",
      leader_id: "Champ obligatoire",
    });
    const after = (await api(a.admin, "GET", `/api/teams/${team.id}`)).json() as TeamDetail;
    expect(after).toMatchObject({ name: team.name, member_count: 1 });
  });

  it("checks the members and the leader as a creation does", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.chef] });
    const blank = await api(a.admin, "PUT", `/api/teams/${team.id}`, whole({ name: " " }));
    expect(detailsOf(blank.body).name).toBe(TEAM_TEXTS.nameRequired);
    const leader = await api(a.admin, "PUT", `/api/teams/${team.id}`, whole({ member_ids: [], leader_id: a.ids.chef }));
    expect(detailsOf(leader.body).leader_id).toBe(TEAM_TEXTS.leaderNotMember);
    const stranger = await api(a.admin, "PUT", `/api/teams/${team.id}`, whole({ member_ids: [b.ids.chef] }));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(TEAM_TEXTS.memberInvalid);
    const after = (await api(a.admin, "GET", `/api/teams/${team.id}`)).json() as TeamDetail;
    expect(memberIds(after.members)).toEqual([a.ids.chef]);
  });

  it("keeps a member whose account was deactivated since, but takes no new inactive one", async () => {
    const email = await createTestUserWithPermissions(db, a.id, []);
    const member = await db.run("platform", async (tx) => {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      return row?.id ?? "";
    });
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [member, a.ids.chef] });
    await db.run("platform", (tx) => tx.update(users).set({ isActive: false }).where(eq(users.id, member)));
    const kept = await api(a.admin, "PUT", `/api/teams/${team.id}`, whole({ member_ids: [member] }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as TeamDetail).members).toEqual([expect.objectContaining({ id: member, is_active: false })]);
    // Not a candidate any more, and not accepted in another team.
    const candidates = (await api(a.admin, "GET", "/api/teams/candidates?limit=50")).json() as TeamCandidates;
    expect(candidates.data.map((c) => c.id)).not.toContain(member);
    const other = await api(a.admin, "POST", "/api/teams", { name: "Autre", member_ids: [member] });
    expect(other.statusCode).toBe(400);
  });

  it("answers 404 to another company (its team untouched), 403 to a Compagnon", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}` });
    const res = await api(b.admin, "PUT", `/api/teams/${team.id}`, whole({ name: "Volée" }));
    expect(res.statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/teams/${team.id}`)).json()).toMatchObject({ name: team.name });
    expect((await api(a.compagnon, "PUT", `/api/teams/${team.id}`, whole())).statusCode).toBe(403);
  });
});

describe("GET /api/teams/candidates", () => {
  it("lists the company's active users by name, searched by name or e-mail", async () => {
    const res = await api(a.chef, "GET", "/api/teams/candidates?limit=50");
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as TeamCandidates;
    const ids = data.map((c) => c.id);
    for (const id of Object.values(a.ids)) expect(ids).toContain(id);
    for (const id of Object.values(b.ids)) expect(ids).not.toContain(id);
    const names = data.map((c) => c.full_name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, "en")));

    const byName = (await api(a.chef, "GET", "/api/teams/candidates?search=COMPAGNON")).json() as TeamCandidates;
    expect(byName.data.map((c) => c.id)).toEqual([a.ids.compagnon]);
    const byEmail = (await api(a.chef, "GET", "/api/teams/candidates?search=norole-")).json() as TeamCandidates;
    expect(byEmail.data).toEqual([{ id: a.ids.norole, full_name: "Test norole", email: expect.any(String) }]);
  });

  it("is for teams:edit holders: a Compagnon and a user without role get 403", async () => {
    for (const token of [a.compagnon, a.norole]) {
      expect((await api(token, "GET", "/api/teams/candidates")).statusCode).toBe(403);
    }
  });
});

describe("DELETE /api/teams/:id", () => {
  it("deletes the team and its members' assignments (the users stay)", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.compagnon] });
    const res = await api(a.admin, "DELETE", `/api/teams/${team.id}`);
    expect(res.statusCode).toBe(204);
    expect((await api(a.admin, "GET", `/api/teams/${team.id}`)).statusCode).toBe(404);
    const left = await db.run({ companyId: a.id }, (tx) => teamsRepository.teamIdsOfUser(tx, a.id, a.ids.compagnon));
    expect(left).not.toContain(team.id);
    expect((await api(a.admin, "DELETE", `/api/teams/${team.id}`)).statusCode).toBe(404);
  });

  it("is not for a Chef d'équipe (no teams:delete) nor a Compagnon; 404 for another company", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}` });
    for (const token of [a.chef, a.compagnon, a.norole]) {
      expect((await api(token, "DELETE", `/api/teams/${team.id}`)).statusCode).toBe(403);
    }
    expect((await api(b.admin, "DELETE", `/api/teams/${team.id}`)).statusCode).toBe(404);
    expect((await api(a.admin, "GET", `/api/teams/${team.id}`)).statusCode).toBe(200);
  });

  it("keeps a team that a worksite names (projects.team_id, ON DELETE RESTRICT): 409 in French", async () => {
    const team = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.chef] });
    const project = await api(a.admin, "POST", "/api/projects", { name: `Chantier ${tag()}`, team_id: team.id });
    expect(project.statusCode, project.body).toBe(201);
    const res = await api(a.admin, "DELETE", `/api/teams/${team.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: TEAM_TEXTS.usedByProjects });
    const kept = (await api(a.admin, "GET", `/api/teams/${team.id}`)).json() as TeamDetail;
    expect(kept.member_count).toBe(1);
    // Once the worksite is gone, the team may go.
    expect((await api(a.admin, "DELETE", `/api/projects/${project.json().id}`)).statusCode).toBe(204);
    expect((await api(a.admin, "DELETE", `/api/teams/${team.id}`)).statusCode).toBe(204);
  });
});

describe("teamsRepository.teamIdsOfUser", () => {
  it("gives the teams a user is a member of (a user may be in several)", async () => {
    const first = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.norole] });
    const second = await create(a.admin, { name: `Équipe ${tag()}`, member_ids: [a.ids.norole, a.ids.chef] });
    const ids = await db.run({ companyId: a.id }, (tx) => teamsRepository.teamIdsOfUser(tx, a.id, a.ids.norole));
    expect(ids.sort()).toEqual([first.id, second.id].sort());
  });
});
