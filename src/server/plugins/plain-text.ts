import { MESSAGES } from "@shared/errors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { errors } from "../lib/errors";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Top-level body keys whose text the route reads itself, U+0000 included: the raw file of a CSV
     * import, whose parser judges its cells (docs/domain/api.md#text).
     */
    rawTextFields?: readonly string[];
  }
}

const NUL = "\u0000";

/** An object whose keys are its data: a JSON object, a parsed query (its prototype is not Object's). */
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !ArrayBuffer.isView(v) && !(v instanceof Date);

/**
 * The path (dotted, as validation errors give it: `items.0.name`) of the first text of `value` that holds
 * U+0000, a key or a value, else null. Walks objects and arrays (never a file's bytes), without recursion: a body nested a million times deep cannot overflow the stack.
 */
export function nulPath(value: unknown, skipKeys: readonly string[] = []): string | null {
  // Each entry points at its parent: the path is only spelled out for the text found.
  interface Step {
    value: unknown;
    key: string | null;
    parent: Step | null;
  }
  const spell = (step: Step, last?: string) => {
    const keys = last === undefined ? [] : [last];
    for (let s: Step | null = step; s?.key != null; s = s.parent) keys.push(s.key);
    return keys.reverse().join(".");
  };
  const stack: Step[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const v = step.value;
    if (typeof v === "string") {
      if (v.includes(NUL)) return spell(step);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push({ value: v[i], key: String(i), parent: step });
    } else if (isRecord(v)) {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i] as string;
        if (step.parent === null && skipKeys.includes(key)) continue;
        if (key.includes(NUL)) return spell(step, key);
        stack.push({ value: v[key], key, parent: step });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL's text cannot hold U+0000 (« invalid byte sequence »): a body, query or path text carrying
 * it is refused here, once for every route, before the schemas (docs/domain/api.md#text). Body and query:
 * 400 on that field, in the shape of every validation error; a path parameter: 404, as any text that
 * names nothing.
 */
export const plainTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("preValidation", async (request) => {
      if (nulPath(request.params) !== null) throw errors.notFound();
      const inQuery = nulPath(request.query);
      const inBody = inQuery === null ? nulPath(request.body, request.routeOptions.config?.rawTextFields) : null;
      const path = inQuery ?? inBody;
      if (path === null) return;
      throw errors.validation(MESSAGES.nulCharacter, [{ path, message: MESSAGES.nulCharacter }]);
    });
  },
  { name: "plain-text" },
);
