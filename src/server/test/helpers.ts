import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { afterAll, inject } from "vitest";
import { buildApp } from "../app";
import { createDatabase, type Database } from "../db/client";
import { permissions, rolePermissions, roles } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";
import { companiesRepository } from "../modules/companies/companies.repository";
import { usersRepository } from "../modules/users/users.repository";

export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-0123456789";
export const TEST_PASSWORD = "motdepasse-test-1";

let passwordHash: Promise<string> | undefined;

/** A real app on the test database; closed after the file's tests. */
export async function setupApp() {
  const db = createDatabase(inject("appDatabaseUrl"), { max: 4 });
  // TEST_LOG=error shows the server's log (e.g. the cause of a 500) while debugging a test.
  const app = await buildApp({
    db,
    jwtSecret: TEST_JWT_SECRET,
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  return { app, db };
}

export interface TestCompany {
  id: string;
  name: string;
  /** E-mails by default role: admin (Administrateur), chef (Chef d'équipe), compagnon (Compagnon). */
  emails: { admin: string; chef: string; compagnon: string; norole: string };
}

/**
 * What a company needs to issue an invoice (issue 17: every issued invoice is a Factur-X whose XML passes
 * the EN 16931 rules): an address, a SIRET and its VAT number (keys valid).
 */
export const TEST_COMPANY_IDENTITY = {
  address1: "12 rue de la République",
  zip_code: "69002",
  city: "Lyon",
  siret: "81234567600017",
  tva_number: "FR19812345676",
} as const;

/** A fresh company with one user per default role (unique e-mails: files run in parallel). */
export async function createTestCompany(db: Database, name = "Entreprise test"): Promise<TestCompany> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const tag = randomUUID().slice(0, 8);
  return db.run("platform", async (tx) => {
    const company = await companiesRepository.provision(tx, { name: `${name} ${tag}` });
    const identity = TEST_COMPANY_IDENTITY;
    await tx.execute(sql`
      UPDATE companies SET address1 = ${identity.address1}, zip_code = ${identity.zip_code}, city = ${identity.city},
        siret = ${identity.siret}, tva_number = ${identity.tva_number}
      WHERE id = ${company.id}`);
    const emails = {
      admin: `admin-${tag}@test.fr`,
      chef: `chef-${tag}@test.fr`,
      compagnon: `compagnon-${tag}@test.fr`,
      norole: `norole-${tag}@test.fr`,
    };
    const roleOf = { admin: "Administrateur", chef: "Chef d'équipe", compagnon: "Compagnon" } as const;
    for (const [key, email] of Object.entries(emails)) {
      const roleId = company.roleIds.get(roleOf[key as keyof typeof roleOf] ?? "");
      await usersRepository.create(tx, {
        companyId: company.id,
        email,
        fullName: `Test ${key}`,
        passwordHash: hash,
        roleIds: roleId ? [roleId] : [],
      });
    }
    return { id: company.id, name: `${name} ${tag}`, emails };
  });
}

export async function createTestSuperadmin(db: Database): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const email = `super-${randomUUID().slice(0, 8)}@propulse.test`;
  await db.run("platform", (tx) =>
    usersRepository.create(tx, {
      companyId: null,
      email,
      fullName: "Super Admin",
      passwordHash: hash,
      isSuperadmin: true,
    }),
  );
  return email;
}

/**
 * A user of `companyId` whose only role holds exactly `permissionCodes` (catalogue codes, no
 * wildcard), e.g. to check that an operation asks for the permission it publishes. Returns the e-mail.
 */
export async function createTestUserWithPermissions(
  db: Database,
  companyId: string,
  permissionCodes: readonly string[],
): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash = await passwordHash;
  const tag = randomUUID().slice(0, 8);
  const email = `perm-${tag}@test.fr`;
  await db.run("platform", async (tx) => {
    const [role] = await tx
      .insert(roles)
      .values({ companyId, name: `Test ${permissionCodes.join(" ")} ${tag}` })
      .returning({ id: roles.id });
    if (!role) throw new Error("role not created");
    const codes = [...new Set(permissionCodes)];
    const found = await tx
      .select({ id: permissions.id, code: permissions.code })
      .from(permissions)
      .where(inArray(permissions.code, codes));
    if (found.length !== codes.length) throw new Error(`unknown permission code in ${codes.join(", ")}`);
    if (found.length > 0) {
      await tx.insert(rolePermissions).values(found.map((p) => ({ companyId, roleId: role.id, permissionId: p.id })));
    }
    await usersRepository.create(tx, {
      companyId,
      email,
      fullName: `Test ${codes.join(" ")}`,
      passwordHash: hash,
      roleIds: [role.id],
    });
  });
  return email;
}

/**
 * Gives the role `roleName` of `companyId` the permissions `codes` too (a company customising a default
 * role), e.g. the Compagnon `quotes:view` that it no longer holds by default (issue 32).
 */
export async function grantToRole(
  db: Database,
  companyId: string,
  roleName: string,
  codes: readonly string[],
): Promise<void> {
  await db.run("platform", async (tx) => {
    await tx.execute(sql`
      INSERT INTO role_permissions (company_id, role_id, permission_id)
      SELECT r.company_id, r.id, p.id FROM roles r JOIN permissions p ON p.code = ANY(${`{${codes.join(",")}}`}::text[])
      WHERE r.company_id = ${companyId} AND r.name = ${roleName}
      ON CONFLICT DO NOTHING`);
  });
}

type App = Awaited<ReturnType<typeof setupApp>>["app"];

/** Signs in through the API and returns the token and user. */
export async function login(app: App, email: string, password = TEST_PASSWORD) {
  const res = await app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: { id: string; permissions: string[]; role: string | null } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * What the SQL fold() of every search makes of `text` (ADR 0032), computed another way (Unicode
 * decomposition without its marks): the oracle of the search tests.
 */
export const foldOracle = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[’‘]/g, "'");
