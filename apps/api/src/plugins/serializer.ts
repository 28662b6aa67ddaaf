import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema, as Fastify does natively: only declared properties leave (nothing internal leaks) and it
 * costs a fraction of validating every answer with zod first (measured on GET /api/user/view:
 * docs/decisions/0011). A schema JSON Schema cannot express falls back to the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  try {
    const jsonSchema = z.toJSONSchema(route.schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
};
