import { describe, expect, it } from "vitest";
import { leaderIsMember, nameInitials, uniqueMemberIds } from "./team-rules";
import { TEAM_TEXTS, teamCreateSchema, teamUpdateSchema } from "./teams";

const marc = "6f1c7a62-3f0e-4d7e-9a57-0c1f0a3b1a01";
const julien = "6f1c7a62-3f0e-4d7e-9a57-0c1f0a3b1a02";

describe("team rules", () => {
  it("keeps each member once, in the order first given", () => {
    expect(uniqueMemberIds([julien, marc, julien])).toEqual([julien, marc]);
  });

  it("wants the leader among the members, or no leader", () => {
    expect(leaderIsMember([marc, julien], marc)).toBe(true);
    expect(leaderIsMember([julien], marc)).toBe(false);
    expect(leaderIsMember([], null)).toBe(true);
  });

  it("writes a member's initials from the first and last words of the name", () => {
    expect(nameInitials("Marc Lefèvre")).toBe("ML");
    expect(nameInitials("  jean-paul de la Tour ")).toBe("JT");
    expect(nameInitials("Julien")).toBe("J");
    expect(nameInitials(" ")).toBe("?");
  });
});

describe("the team schemas", () => {
  it("trim the name and the description, drop duplicate members, and default to no member", () => {
    expect(teamCreateSchema.parse({ name: "  Équipe Plomberie ", description: " " })).toEqual({
      name: "Équipe Plomberie",
      description: null,
      member_ids: [],
      leader_id: null,
    });
    expect(teamCreateSchema.parse({ name: "A", member_ids: [marc, marc], leader_id: marc }).member_ids).toEqual([marc]);
  });

  it("say the spec's words for a missing name and a leader outside the team", () => {
    const blank = teamCreateSchema.safeParse({ name: "  " });
    expect(blank.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["name", TEAM_TEXTS.nameRequired]]);
    const leader = teamUpdateSchema.safeParse({ name: "A", description: null, member_ids: [julien], leader_id: marc });
    expect(leader.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["leader_id", TEAM_TEXTS.leaderNotMember],
    ]);
  });
});
