/**
 * Durand Rénovation's teams (issue 11, docs/domain/teams.md): five more compagnons, created as the demo
 * accounts are (same password), and three teams of two to four members, each with its chef d'équipe;
 * Julien Moreau works in two of them. The teams go through the teams service.
 */
import type { TeamCandidate } from "@shared/teams";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { roles } from "../db/schema";
import type { AuthContext } from "../lib/access";
import { hashPassword } from "../modules/auth/passwords";
import { createTeamsService } from "../modules/teams/teams.service";
import { usersRepository } from "../modules/users/users.repository";

/** The compagnons the demo company hires besides its three accounts. */
export const DEMO_CREW = [
  { login: "thomas.girard", fullName: "Thomas Girard" },
  { login: "nicolas.petit", fullName: "Nicolas Petit" },
  { login: "kevin.roux", fullName: "Kévin Roux" },
  { login: "antoine.garnier", fullName: "Antoine Garnier" },
  { login: "lucas.fontaine", fullName: "Lucas Fontaine" },
] as const;

/** [name, description, leader, other members] by full name. */
const TEAMS: [string, string, string, string[]][] = [
  ["Équipe Plomberie", "Salles de bain, sanitaires et dépannages", "Marc Lefèvre", ["Julien Moreau", "Thomas Girard"]],
  ["Équipe Électricité", "Tableaux, mises aux normes et éclairage", "Nicolas Petit", ["Kévin Roux", "Julien Moreau"]],
  ["Équipe Gros œuvre", "Maçonnerie, cloisons et démolition", "Antoine Garnier", ["Lucas Fontaine"]],
];

/**
 * The crew (e-mails `<login>@<domain>`) and the teams, which take the company's chef d'équipe (Marc
 * Lefèvre) and compagnon (Julien Moreau) accounts too.
 */
export async function seedDemoTeams(
  db: Database,
  admin: AuthContext,
  password: string,
  domain = "durand-renovation.fr",
): Promise<void> {
  const companyId = admin.companyId;
  if (!companyId) throw new Error("the demo teams belong to a company");
  const passwordHash = await hashPassword(password);
  await db.run({ companyId }, async (tx) => {
    const [compagnon] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.companyId, companyId), eq(roles.name, "Compagnon")));
    for (const person of DEMO_CREW) {
      await usersRepository.create(tx, {
        companyId,
        email: `${person.login}@${domain}`,
        fullName: person.fullName,
        passwordHash,
        roleIds: compagnon ? [compagnon.id] : [],
      });
    }
  });

  const teams = createTeamsService(db);
  const people = await teams.candidates(admin, { search: undefined, limit: 50 });
  const idOf = new Map(people.data.map((p: TeamCandidate) => [p.full_name, p.id]));
  const id = (name: string) => {
    const found = idOf.get(name);
    if (!found) throw new Error(`demo member ${name} not found`);
    return found;
  };
  for (const [name, description, leader, others] of TEAMS) {
    await teams.create(admin, {
      name,
      description,
      member_ids: [id(leader), ...others.map(id)],
      leader_id: id(leader),
    });
  }
}
