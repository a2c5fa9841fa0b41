import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Answers under this size are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call (a 120 kB week at brotli's quality 4:
 * ~0.4 ms), larger ones through a zlib stream on the thread pool. The plugin's default on two cores is
 * 8 kB: every larger JSON answer then paid a stream — an encoder set up, chunks handed to the thread
 * pool and back — which cost more than the compression itself (docs/domain/planning.md#performance).
 */
export const COMPRESS_SYNC_MAX_BYTES = 1024 * 1024;

/**
 * API answers in JSON over 1 kB are compressed (brotli, else gzip) when the request accepts it
 * (`@fastify/compress`, brotli at its fast default quality, in one call up to 1 MB). A page of quotes is ~26 kB of JSON,
 * ~3 kB compressed. Static files are not touched: the build already wrote their .br/.gz
 * (plugins/spa.ts `preCompressed`); PDFs and images are not JSON.
 */
export const compressPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      encodings: ["br", "gzip"],
      threshold: COMPRESS_THRESHOLD_BYTES,
      syncThreshold: COMPRESS_SYNC_MAX_BYTES,
      customTypes: /^application\/json\b/,
    });
  },
  { name: "compress" },
);
