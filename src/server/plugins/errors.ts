import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ERROR_CODES, type ErrorResponse, MESSAGES } from "../../shared/errors";
import { AppError } from "../lib/errors";

function body(message: string, code: string, details?: ErrorResponse["details"]): ErrorResponse {
  return details ? { error: message, message, code, details } : { error: message, message, code };
}

/** One error shape for the whole API (design §4); 500s never leak details. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send(body(error.message, error.code, error.details));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
          message: issue.message ?? MESSAGES.invalidBody,
        }));
        return reply
          .status(400)
          .send(body(details[0]?.message ?? MESSAGES.invalidBody, ERROR_CODES.VALIDATION, details));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error }, "response does not match its schema");
        return reply.status(500).send(body(MESSAGES.internal, ERROR_CODES.INTERNAL));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return reply.status(413).send(body(MESSAGES.payloadTooLarge, ERROR_CODES.PAYLOAD_TOO_LARGE));
      if (status === 429) return reply.status(429).send(body(MESSAGES.tooManyRequests, ERROR_CODES.RATE_LIMITED));
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type… : a client error, in French.
        return reply.status(status).send(body(MESSAGES.invalidBody, ERROR_CODES.VALIDATION));
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(body(MESSAGES.internal, ERROR_CODES.INTERNAL));
    });
  },
  { name: "errors" },
);
