import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";

type Serializer = ReturnType<FastifySerializerCompiler<ZodType>>;

/**
 * One serializer per zod schema, however many routes, status codes and app instances answer with
 * it: the error schema every route declares for each of its error statuses, and the API tests'
 * hundreds of apps, compiled it again each time (fast-json-stringify was a fifth of building an
 * app; docs/decisions/0329). A generated serializer keeps no state between calls.
 */
const serializers = new WeakMap<ZodType, Serializer>();

/**
 * Answers are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema, as Fastify does natively: only declared properties leave (nothing internal leaks) and it
 * costs a fraction of validating every answer with zod first (measured on GET /api/user/view:
 * docs/decisions/0011). A schema JSON Schema cannot express falls back to the zod serializer.
 */
export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const known = serializers.get(route.schema);
  if (known) return known;
  let serialize: Serializer;
  try {
    const jsonSchema = z.toJSONSchema(route.schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
    serialize = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  } catch {
    return zodSerializerCompiler(route);
  }
  serializers.set(route.schema, serialize);
  return serialize;
};
