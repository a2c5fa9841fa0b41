import { TEAM_LIMITS, TEAM_TEXTS } from "@shared/team-rules";
import { describe, expect, it } from "vitest";
import { teamFormDefaults, teamFormPath, teamFormSchema, toTeamPayload } from "./team-payload";

const marc = { id: "u-marc", full_name: "Marc Lefèvre", email: "marc@exemple.fr", is_active: true };
const julien = { id: "u-julien", full_name: "Julien Moreau", email: "julien@exemple.fr", is_active: true };

describe("the team form's payload", () => {
  it("sends the member ids in order, a blank description as none, and the leader", () => {
    expect(
      toTeamPayload({ name: " Équipe ", description: "  ", members: [marc, julien], leader_id: "u-marc" }),
    ).toEqual({
      name: " Équipe ",
      description: null,
      member_ids: ["u-marc", "u-julien"],
      leader_id: "u-marc",
    });
  });

  it("drops a leader who is no longer a member", () => {
    expect(toTeamPayload({ name: "A", description: "", members: [julien], leader_id: "u-marc" }).leader_id).toBeNull();
  });

  it("starts empty for a new team", () => {
    expect(teamFormDefaults(null)).toEqual({ name: "", description: "", members: [], leader_id: null });
  });
});

describe("the team form's schema", () => {
  const member = (n: number) => ({
    id: `6c1f3f9e-2a8b-4d7e-9c1a-${String(n).padStart(12, "0")}`,
    full_name: `Membre ${n}`,
    email: `membre${n}@exemple.fr`,
    is_active: true,
  });
  const issues = (fields: Parameters<typeof toTeamPayload>[0]) =>
    teamFormSchema.safeParse(fields).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("says the shared schema's messages where the form shows them: the members' under the list", () => {
    expect(issues({ name: "  ", description: "", members: [], leader_id: null })).toEqual([
      ["name", TEAM_TEXTS.nameRequired],
    ]);
    const crowd = Array.from({ length: TEAM_LIMITS.maxMembers + 1 }, (_, n) => member(n));
    expect(issues({ name: "Équipe", description: "", members: crowd, leader_id: null })).toEqual([
      ["members", TEAM_TEXTS.tooManyMembers],
    ]);
  });

  it("hands over the body as built, and maps the server's paths alike", () => {
    const fields = { name: " Équipe ", description: "", members: [member(1)], leader_id: member(1).id };
    expect(teamFormSchema.parse(fields)).toEqual(toTeamPayload(fields));
    expect(teamFormPath("member_ids.3")).toBe("members");
    expect(teamFormPath("leader_id")).toBe("leader_id");
    expect(teamFormPath("unknown")).toBe("name");
  });
});
