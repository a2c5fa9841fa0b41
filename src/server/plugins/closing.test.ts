import { connect } from "node:net";
import { ERROR_CODES, MESSAGES } from "@shared/errors";
import { afterAll, expect, inject, it } from "vitest";
import { buildApp } from "../app";
import { createDatabase } from "../db/client";
import { TEST_JWT_SECRET } from "../test/helpers";
import { RETRY_AFTER_CLOSING_S } from "./errors";

const db = createDatabase(inject("appDatabaseUrl"), { max: 2 });
afterAll(() => db.close());

/** Splits a raw HTTP/1.1 stream into its responses (status, lower-cased headers, body by Content-Length). */
function responses(raw: string) {
  const result: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith("HTTP/1.1 ")) {
    const headEnd = rest.indexOf("\r\n\r\n");
    const [statusLine = "", ...lines] = rest.slice(0, headEnd).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    );
    const length = Number(headers["content-length"] ?? 0);
    const bodyStart = headEnd + 4;
    result.push({ status: Number(statusLine.split(" ")[1]), headers, body: rest.slice(bodyStart, bodyStart + length) });
    rest = rest.slice(bodyStart + length);
  }
  return result;
}

it("answers a request that arrives while the server stops with a French 503 in the one error shape", async () => {
  const app = await buildApp({ db, jwtSecret: TEST_JWT_SECRET });
  // A request in flight keeps the server closing while a second one arrives on the same connection.
  let releaseSlow!: () => void;
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => {
    slowStarted = resolve;
  });
  app.get("/api/test-slow", { config: { access: { public: true } } }, async () => {
    slowStarted();
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    return { done: true };
  });
  // The slow request is released once the server has received the second one (whatever answers it).
  app.server.on("request", (request) => {
    if (request.url === "/api/health") setImmediate(releaseSlow);
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };

  const socket = connect(port, "127.0.0.1");
  let raw = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    raw += chunk;
  });
  const socketClosed = new Promise((resolve) => socket.on("close", resolve));
  socket.write("GET /api/test-slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await started;
  const closed = app.close();
  socket.write("GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await socketClosed;
  await closed;

  const [slow, late] = responses(raw);
  expect(slow?.status).toBe(200);
  expect(late?.status).toBe(503);
  expect(late?.headers.connection).toBe("close");
  expect(late?.headers["retry-after"]).toBe(String(RETRY_AFTER_CLOSING_S));
  expect(JSON.parse(late?.body ?? "null")).toEqual({
    error: MESSAGES.serverClosing,
    message: MESSAGES.serverClosing,
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
  });
});
