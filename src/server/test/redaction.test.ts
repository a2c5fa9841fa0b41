import { Writable } from "node:stream";
import { describe, expect, inject, it } from "vitest";
import { buildApp, LOG_REDACTIONS } from "../app";
import { createDatabase } from "../db/client";
import { TEST_JWT_SECRET } from "./helpers";

describe("logs", () => {
  it("never contain the authorization header", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = createDatabase(inject("appDatabaseUrl"), { max: 1 });
    const app = await buildApp({
      db,
      jwtSecret: TEST_JWT_SECRET,
      logger: {
        level: "info",
        stream,
        redact: { paths: LOG_REDACTIONS, censor: "[masqué]" },
        serializers: {
          req: (req) => ({ method: req.method, url: req.url, headers: req.headers }),
        },
      },
    });
    await app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { authorization: "Bearer very.secret.token" },
    });
    await app.close();
    await db.close();
    const log = lines.join("");
    expect(log).toContain("[masqué]");
    expect(log).not.toContain("very.secret.token");
  });
});
