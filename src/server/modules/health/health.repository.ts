import type { Database } from "@server/db/client";

export const healthRepository = {
  /** True when PostgreSQL answers (outside any tenant scope: no table is read). */
  async databaseAnswers(db: Database): Promise<boolean> {
    try {
      await db.pool.query("SELECT 1");
      return true;
    } catch {
      return false;
    }
  },
};
