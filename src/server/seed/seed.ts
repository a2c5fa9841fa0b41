import type { Plan } from "@shared/accounts";
import { addDays, parisToday } from "@shared/dates";
import type { Database } from "../db/client";
import { createAuthService } from "../modules/auth/auth.service";
import { hashPassword } from "../modules/auth/passwords";
import { TokenService } from "../modules/auth/tokens";
import { companiesRepository } from "../modules/companies/companies.repository";
import { usersRepository } from "../modules/users/users.repository";
import { seedDemoBook } from "./demo-data";
import { seedDemoEquipment } from "./demo-equipment";
import { seedDemoInvoices } from "./demo-invoices";
import { seedDemoLibrary } from "./demo-library";
import { seedDemoProjects } from "./demo-projects";
import { seedDemoQuotes } from "./demo-quotes";
import { seedDemoTeams } from "./demo-teams";
import { seedDemoVehicles } from "./demo-vehicles";

export const DEMO_PASSWORD = "demo1234";

export const DEMO_ACCOUNTS = [
  { email: "superadmin@propulse.fr", fullName: "Sophie Martin", company: null, role: null },
  {
    email: "admin@durand-renovation.fr",
    fullName: "Pierre Durand",
    company: "Durand Rénovation",
    role: "Administrateur",
  },
  { email: "chef@durand-renovation.fr", fullName: "Marc Lefèvre", company: "Durand Rénovation", role: "Chef d'équipe" },
  {
    email: "compagnon@durand-renovation.fr",
    fullName: "Julien Moreau",
    company: "Durand Rénovation",
    role: "Compagnon",
  },
  { email: "admin@batiservices.fr", fullName: "Claire Bernard", company: "Bati Services", role: "Administrateur" },
] as const;

/**
 * The demo companies' subscriptions (docs/domain/accounts.md#superadmin-platform): Bati Services' trial
 * ends in 5 days, so the SuperAdmin's dashboard shows an alert.
 */
const DEMO_PLANS: Record<string, { plan: Plan; trialEndsAt?: string }> = {
  "Durand Rénovation": { plan: "professionnel" },
  "Bati Services": { plan: "essai", trialEndsAt: addDays(parisToday(), 5) },
};

/** Demo companies, accounts and Durand Rénovation's book (README). Idempotent. */
export async function seedDemo(db: Database, jwtSecret: string): Promise<boolean> {
  const created = await seedAccounts(db);
  if (!created) return false;
  // Signed in as its administrator, the demo book goes through the app's own services.
  const auth = createAuthService(db, new TokenService(jwtSecret));
  const { token } = await auth.login(
    { email: "admin@durand-renovation.fr", password: DEMO_PASSWORD },
    { ip: "127.0.0.1", userAgent: "seed" },
  );
  const admin = await auth.authenticate(token);
  const clients = await seedDemoBook(db, admin);
  const library = await seedDemoLibrary(db, admin);
  await seedDemoQuotes(db, admin, clients, library);
  await seedDemoTeams(db, admin, DEMO_PASSWORD);
  await seedDemoEquipment(db, admin);
  await seedDemoVehicles(db, admin);
  await seedDemoProjects(db, admin);
  await seedDemoInvoices(db, admin);
  await auth.logout(token);
  return true;
}

async function seedAccounts(db: Database): Promise<boolean> {
  return db.run("platform", async (tx) => {
    const taken = await usersRepository.emailsTaken(
      tx,
      DEMO_ACCOUNTS.map((a) => a.email),
    );
    if (taken.length > 0) return false;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const companies = new Map<string, Awaited<ReturnType<typeof companiesRepository.provision>>>();
    for (const account of DEMO_ACCOUNTS) {
      let companyId: string | null = null;
      const roleIds: string[] = [];
      if (account.company) {
        let company = companies.get(account.company);
        if (!company) {
          company = await companiesRepository.provision(tx, { name: account.company, ...DEMO_PLANS[account.company] });
          companies.set(account.company, company);
        }
        companyId = company.id;
        const roleId = account.role ? company.roleIds.get(account.role) : undefined;
        if (roleId) roleIds.push(roleId);
      }
      await usersRepository.create(tx, {
        companyId,
        email: account.email,
        fullName: account.fullName,
        passwordHash,
        isSuperadmin: account.company === null,
        roleIds,
      });
    }
    return true;
  });
}
