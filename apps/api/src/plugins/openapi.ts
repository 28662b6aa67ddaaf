import { ERROR_REASONS, type ErrorCode } from "@estaciona/contracts";
import type { ErrorAnswer } from "@estaciona/contracts/endpoint-errors";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every error the route can answer (`errorAnswersOf`), for its OpenAPI responses. */
    errorAnswers?: ErrorAnswer[];
  }
}

/** The one error body (docs/decisions/0002), its `error` narrowed to the codes answered at a status. */
function errorResponse(codes: string[]) {
  const reasons = codes.flatMap((code) => ERROR_REASONS[code as ErrorCode] ?? []);
  return {
    description: `Refused: ${codes.join(", ")}`,
    type: "object",
    required: ["error", "error_description"],
    properties: {
      error: { type: "string", enum: codes, description: "A code of the error catalogue" },
      error_description: { type: "string", description: "What went wrong, in the request's language" },
      ...(reasons.length > 0
        ? { reason: { type: "string", enum: reasons, description: "Why, on the codes that say (docs/decisions/0251)" } }
        : {}),
    },
  };
}

/** A route's error answers as OpenAPI responses, one per status, each listing its codes. */
function errorResponses(answers: ErrorAnswer[]): Record<string, ReturnType<typeof errorResponse>> {
  const byStatus = new Map<number, string[]>();
  for (const { status, code } of answers) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, codes]) => [String(status), errorResponse(codes)]));
}

/**
 * The OpenAPI document at `/api/docs` (JSON at `/api/docs/json`): each declared endpoint with its
 * `operationId`, security, inputs, answer and every error it can give, so an integrator (a gate,
 * camera or meter vendor, a partner) knows the error model as well as the happy path.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    // Only declared endpoints carry a tag: the sandbox's hosted pages and the SPA's are not the API.
    hideUntagged: true,
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Estaciona API",
        version: "1.0.0",
        description: "Parking and payments for drivers in Mexico and the USA.",
        license: { name: "Proprietary", identifier: "LicenseRef-Estaciona" },
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          deviceKey: { type: "apiKey", in: "header", name: "X-Device-Key" },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const answers = document.route.config?.errorAnswers;
      if (!answers) return transformed;
      const schema = transformed.schema as FastifySchema & { response?: Record<string, unknown> };
      return { ...transformed, schema: { ...schema, response: { ...schema.response, ...errorResponses(answers) } } };
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
});
