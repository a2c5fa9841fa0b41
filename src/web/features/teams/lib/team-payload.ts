import { type TeamDetail, teamCreateSchema } from "@shared/teams";
import { formSchema } from "@web/lib/form-schema";
import type { FieldPath } from "react-hook-form";

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

/** The fields of the body a message may name (the shared schema's or the server's). */
export const TEAM_BODY_FIELDS = ["name", "description", "member_ids", "leader_id"] as const;

const FORM_PATH: Record<(typeof TEAM_BODY_FIELDS)[number], FieldPath<TeamFormFields>> = {
  name: "name",
  description: "description",
  member_ids: "members",
  leader_id: "leader_id",
};

/** Where a message about a path of the body shows in the form: the members' under the list, else at the name. */
export function teamFormPath(path: string): FieldPath<TeamFormFields> {
  const field = TEAM_BODY_FIELDS.find((f) => f === path.split(".")[0]) ?? "name";
  return FORM_PATH[field];
}

/** The form's schema: the body built from the fields, checked by teamCreateSchema (create and edit alike). */
export const teamFormSchema = formSchema(teamCreateSchema, toTeamPayload, teamFormPath);
