import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";

/**
 * JSON bodies decoded as strict UTF-8 (RFC 8259 §8.1). Fastify's own parser decodes leniently:
 * a broken or over-long sequence (`C0 80`, an encoded surrogate) silently becomes U+FFFD, so the
 * API would store text the client never sent. Such a body is answered as malformed JSON instead;
 * everything else (empty body, prototype poisoning) is Fastify's default parser.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let decoded: string;
    try {
      decoded = utf8.decode(body as Buffer);
    } catch (error) {
      done(
        new AppError("malformed_request_invalid_json", { detail: "the body is not UTF-8", cause: error }),
        undefined,
      );
      return;
    }
    parseJson(request, decoded, done);
  });
});
