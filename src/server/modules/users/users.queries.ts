import { rolesRepository } from "./roles.repository";
import { usersRepository } from "./users.repository";

/**
 * What users publishes to other modules (docs/conventions.md « Ce qu'un module publie »), run in the
 * caller's transaction; the repositories stay private to users.
 * - `usersQueries`: accounts (invitations, sign-up) and superadmin (a company's first manager).
 * - `rolesQueries`: accounts (the roles given by an invitation) and companies (the default roles of a
 *   new company).
 */
export const usersQueries: Pick<typeof usersRepository, "create" | "emailsTaken" | "find"> = usersRepository;
export const rolesQueries: Pick<typeof rolesRepository, "codesOfRoles" | "companyRoleIds" | "createDefaults"> =
  rolesRepository;
