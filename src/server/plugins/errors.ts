import { ERROR_CODES, type ErrorResponse, MESSAGES } from "@shared/errors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors";

function body(
  message: string,
  code: string,
  details?: ErrorResponse["details"],
  document?: ErrorResponse["document"],
): ErrorResponse {
  const answer: ErrorResponse = details
    ? { error: message, message, code, details }
    : { error: message, message, code };
  if (document) answer.document = document;
  return answer;
}

/** Seconds a client should wait before retrying a request refused while the server stops. */
export const RETRY_AFTER_CLOSING_S = 5;

/** The answers to the framework's own client errors, by Fastify code: never its English text. */
const FRAMEWORK_ANSWERS: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson, code: ERROR_CODES.VALIDATION },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.emptyJson, code: ERROR_CODES.VALIDATION },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: MESSAGES.unsupportedMediaType,
    code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  },
  FST_ERR_BAD_URL: { status: 400, message: MESSAGES.badUrl, code: ERROR_CODES.VALIDATION },
  // A path parameter over the router's limit (100 characters) is longer than any of our ids (UUIDs):
  // it names nothing, like any other unknown id.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, message: MESSAGES.notFound, code: ERROR_CODES.NOT_FOUND },
};

/**
 * Fastify's `frameworkErrors` option: the router's errors (a malformed percent-encoding, a path
 * parameter over `maxParamLength`) are answered before any route or hook runs, and by default with an
 * English body that echoes the URL. They get the same French shape as every other error.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions["frameworkErrors"]> = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  // No hook runs before these answers: the headers every /api answer carries are set here.
  reply.headers({ "cache-control": "no-store", "x-content-type-options": "nosniff" });
  const answer = FRAMEWORK_ANSWERS[error.code];
  if (answer) return reply.status(answer.status).send(body(answer.message, answer.code));
  reply.log.error({ err: error }, "framework error");
  return reply.status(500).send(body(MESSAGES.internal, ERROR_CODES.INTERNAL));
};

/** One error shape for the whole API (docs/domain/api.md#errors); 500s never leak details. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // While the server stops, a request still reaching it (pipelined, or on a kept-alive connection)
    // gets a French 503 in the one error shape: Fastify's own answer (`return503OnClosing`) is a fixed
    // English body, so the app turns that option off and answers here.
    let closing = false;
    app.addHook("preClose", (done) => {
      closing = true;
      done();
    });
    app.addHook("onRequest", (_request, reply, done) => {
      if (!closing) return done();
      reply
        .headers({ connection: "close", "retry-after": String(RETRY_AFTER_CLOSING_S), "cache-control": "no-store" })
        .status(503)
        .type("application/json; charset=utf-8")
        // Not the route's response schema (a route may publish its own 503, as /api/health does).
        .serializer(JSON.stringify)
        .send(body(MESSAGES.serverClosing, ERROR_CODES.SERVICE_UNAVAILABLE));
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send(body(error.message, error.code, error.details, error.document));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
          // The body itself is not an object (null, a list, a text, nothing): say so in words.
          const rootOfBody = path === "" && error.validationContext === "body" && issue.keyword === "invalid_type";
          return {
            path,
            message: rootOfBody ? MESSAGES.bodyNotObject : (issue.message ?? MESSAGES.invalidBody),
          };
        });
        return reply
          .status(400)
          .send(body(details[0]?.message ?? MESSAGES.invalidBody, ERROR_CODES.VALIDATION, details));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, "response does not match its schema");
        return reply.status(500).send(body(MESSAGES.internal, ERROR_CODES.INTERNAL));
      }
      const answer = error.code ? FRAMEWORK_ANSWERS[error.code] : undefined;
      if (answer) return reply.status(answer.status).send(body(answer.message, answer.code));
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send(body(MESSAGES.payloadTooLarge, ERROR_CODES.PAYLOAD_TOO_LARGE));
      if (status === 429) return reply.status(429).send(body(MESSAGES.tooManyRequests, ERROR_CODES.RATE_LIMITED));
      if (status >= 400 && status < 500) {
        // Any other client error of the framework or a plugin (content length, multipart…): French.
        return reply.status(status).send(body(MESSAGES.invalidBody, ERROR_CODES.VALIDATION));
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(body(MESSAGES.internal, ERROR_CODES.INTERNAL));
    });
  },
  { name: "errors" },
);
