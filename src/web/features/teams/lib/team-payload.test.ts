import { describe, expect, it } from "vitest";
import { teamFormDefaults, toTeamPayload } from "./team-payload";

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
