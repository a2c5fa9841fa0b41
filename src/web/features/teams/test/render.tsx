import type { Team, TeamDetail, TeamMember } from "@shared/teams";

export { apiError, type FakeApi, fakeApi, noContent } from "@web/test/fake-api";
export { installBrowserStubs, renderWithProviders } from "@web/test/render";

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: crypto.randomUUID(),
    full_name: "Julien Moreau",
    email: "compagnon@durand-renovation.fr",
    is_leader: false,
    is_active: true,
    ...overrides,
  };
}

/** A team of the list, its preview and leader computed from `members` as the server does. */
export function makeTeam(overrides: Partial<Team> = {}, members: TeamMember[] = []): Team {
  const leader = members.find((m) => m.is_leader) ?? null;
  return {
    id: crypto.randomUUID(),
    name: "Équipe Plomberie",
    description: "Salles de bain, sanitaires et dépannages",
    member_count: members.length,
    leader: leader ? { id: leader.id, full_name: leader.full_name } : null,
    members_preview: [...members]
      .sort((a, b) => Number(b.is_leader) - Number(a.is_leader))
      .slice(0, 5)
      .map(({ id, full_name }) => ({ id, full_name })),
    created_at: "2026-11-22T12:00:00.000Z",
    updated_at: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}

export function makeTeamDetail(team: Team, members: TeamMember[]): TeamDetail {
  return {
    ...team,
    members,
    member_ids: members.map((m) => m.id),
    leader_id: members.find((m) => m.is_leader)?.id ?? null,
  };
}
