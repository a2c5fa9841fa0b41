import type { TeamDetail } from "@shared/teams";

/** A member as the form lists it. */
export interface FormMember {
  id: string;
  full_name: string;
  email: string;
  is_active: boolean;
}

/** The team form's values: texts as typed, the chosen members in order, the leader's id. */
export interface TeamFormFields {
  name: string;
  description: string;
  members: FormMember[];
  leader_id: string | null;
}

export function teamFormDefaults(team: TeamDetail | null): TeamFormFields {
  return {
    name: team?.name ?? "",
    description: team?.description ?? "",
    members: (team?.members ?? []).map(({ id, full_name, email, is_active }) => ({ id, full_name, email, is_active })),
    leader_id: team?.leader_id ?? null,
  };
}

/** The whole team as POST and PUT take it (the server trims and checks it again). */
export function toTeamPayload(fields: TeamFormFields) {
  const member_ids = fields.members.map((m) => m.id);
  return {
    name: fields.name,
    description: fields.description.trim() || null,
    member_ids,
    // A leader removed from the members leads no more.
    leader_id: fields.leader_id && member_ids.includes(fields.leader_id) ? fields.leader_id : null,
  };
}
