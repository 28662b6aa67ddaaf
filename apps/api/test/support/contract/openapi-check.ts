import { readFileSync } from "node:fs";
import path from "node:path";
import type { RecordedRequest } from "../fakes/fake-http.ts";

/**
 * Our requests and our fakes' answers held to a provider's own published description
 * (apps/api/test/support/fixtures/providers, docs/decisions/0207), without network: the operation must exist
 * (path and method), every query parameter and body field must be one it defines, required ones
 * present, values of the declared type, enum and bounds, the security scheme's header sent. An answer
 * must be a valid response of the operation for its status. Checks return the problems found; [] is valid.
 */
type Json = unknown;
type Schema = Record<string, Json>;

export interface ProviderSpec {
  name: string;
  document: Schema;
  /** The server URL's path (`/v2` for Facturapi): stripped from recorded paths. */
  basePath: string;
}

export function loadSpec(name: "conekta" | "twilio" | "facturapi"): ProviderSpec {
  const file = path.join(import.meta.dirname, "..", "fixtures", "providers", `${name}.openapi.json`);
  const document = JSON.parse(readFileSync(file, "utf8")) as Schema;
  const server = ((document.servers as { url: string }[] | undefined) ?? [])[0]?.url ?? "";
  return { name, document, basePath: server ? new URL(server).pathname.replace(/\/$/, "") : "" };
}

function resolve(spec: ProviderSpec, node: Json): Schema {
  let current = node as Schema;
  for (let depth = 0; typeof current?.$ref === "string" && depth < 20; depth++) {
    const pointer = (current.$ref as string).slice(2).split("/");
    current = pointer.reduce<Json>(
      (at, part) => (at as Schema | undefined)?.[part.replace(/~1/g, "/")],
      spec.document,
    ) as Schema;
  }
  return current ?? {};
}

/** The operation a recorded request is for: the literal template wins over one with parameters. */
export function findOperation(spec: ProviderSpec, method: string, requestPath: string) {
  const relative = requestPath.startsWith(spec.basePath) ? requestPath.slice(spec.basePath.length) : requestPath;
  const paths = spec.document.paths as Record<string, Schema>;
  const candidates = Object.keys(paths)
    .filter((template) => {
      const pattern = template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+");
      return new RegExp(`^${pattern}$`).test(relative) && paths[template]?.[method.toLowerCase()];
    })
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const template = candidates[0];
  if (!template) return null;
  const item = paths[template] as Schema;
  const operation = item[method.toLowerCase()] as Schema;
  const parameters = [...((item.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])].map(
    (parameter) => resolve(spec, parameter),
  );
  return { template, operation, parameters };
}

/** A value against a schema: its type, enum, bounds, required and (`strict`) undefined properties. */
export function validate(spec: ProviderSpec, schemaNode: Json, value: Json, at: string, strict: boolean): string[] {
  const schema = withDiscriminator(spec, resolve(spec, schemaNode), value);
  if (value === null && (schema.nullable === true || typeIncludes(schema, "null"))) return [];
  for (const key of ["oneOf", "anyOf"] as const) {
    const branches = schema[key] as Json[] | undefined;
    if (branches && !branches.some((branch) => validate(spec, branch, value, at, strict).length === 0))
      return [`${at}: matches none of ${key}`];
  }
  const problems: string[] = [];
  const all = (schema.allOf as Json[] | undefined) ?? [];
  for (const branch of all) problems.push(...validate(spec, branch, value, at, false));
  const types = typesOf(schema);
  if (types.length > 0 && !types.some((type) => hasType(value, type)))
    return [...problems, `${at}: ${JSON.stringify(value)} is not ${types.join("|")}`];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === "string") {
    if (typeof schema.maxLength === "number" && value.length > schema.maxLength) problems.push(`${at}: too long`);
    if (typeof schema.minLength === "number" && value.length < schema.minLength) problems.push(`${at}: too short`);
  }
  if (typeof value === "number") {
    if (typeof schema.minimum === "number" && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === "number" && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value) && schema.items)
    for (const [index, item] of value.entries())
      problems.push(...validate(spec, schema.items, item, `${at}[${index}]`, strict));
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const properties = propertiesOf(spec, schema);
    for (const name of requiredOf(spec, schema))
      if (!(name in value)) problems.push(`${at}.${name}: required by the provider, not sent`);
    for (const [name, child] of Object.entries(value)) {
      const property = properties.get(name);
      if (property) problems.push(...validate(spec, property, child, `${at}.${name}`, strict));
      else if (schema.additionalProperties && typeof schema.additionalProperties === "object")
        problems.push(...validate(spec, schema.additionalProperties, child, `${at}.${name}`, strict));
      else if ((strict && properties.size > 0) || schema.additionalProperties === false)
        problems.push(`${at}.${name}: a field the provider does not define`);
    }
  }
  return problems;
}

/**
 * A schema that is only a discriminator (Facturapi's invoice types) stands for the schema its
 * mapping names for the value's property, the first mapping when the value leaves it out (its default).
 */
function withDiscriminator(spec: ProviderSpec, schema: Schema, value: Json): Schema {
  const discriminator = schema.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  if (!discriminator?.mapping || schema.properties || !discriminator.propertyName) return schema;
  const chosen = (value as Schema | null)?.[discriminator.propertyName];
  const pointer = discriminator.mapping[String(chosen)] ?? Object.values(discriminator.mapping)[0];
  return pointer ? resolve(spec, { $ref: pointer }) : schema;
}

function typesOf(schema: Schema): string[] {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === "string" ? [type] : [];
}
const typeIncludes = (schema: Schema, type: string) => typesOf(schema).includes(type);

function hasType(value: Json, type: string): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "array":
      return Array.isArray(value);
    case "object":
      return !!value && typeof value === "object" && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

function propertiesOf(spec: ProviderSpec, schema: Schema): Map<string, Json> {
  const found = new Map<string, Json>(Object.entries((schema.properties as Schema | undefined) ?? {}));
  for (const branch of (schema.allOf as Json[] | undefined) ?? [])
    for (const [name, property] of propertiesOf(spec, resolve(spec, branch))) found.set(name, property);
  return found;
}

function requiredOf(spec: ProviderSpec, schema: Schema): string[] {
  return [
    ...((schema.required as string[] | undefined) ?? []),
    ...((schema.allOf as Json[] | undefined) ?? []).flatMap((branch) => requiredOf(spec, resolve(spec, branch))),
  ];
}

/** A form body's values are text: each read as the type its property declares before it is checked. */
function formValues(spec: ProviderSpec, schema: Schema, body: string): Record<string, Json> {
  const properties = propertiesOf(spec, schema);
  const values: Record<string, Json> = {};
  for (const [name, text] of new URLSearchParams(body)) {
    const property = resolve(spec, properties.get(name) ?? {});
    const types = typesOf(property);
    const read =
      types.includes("integer") || types.includes("number")
        ? Number(text)
        : types.includes("boolean")
          ? text === "true"
            ? true
            : text === "false"
              ? false
              : text
          : text;
    values[name] = types.includes("array") ? [...((values[name] as Json[]) ?? []), text] : read;
  }
  return values;
}

function securityProblems(spec: ProviderSpec, operation: Schema, headers: RecordedRequest["headers"]): string[] {
  const requirements = (operation.security ?? spec.document.security ?? []) as Record<string, Json>[];
  if (requirements.length === 0) return [];
  const schemes = ((spec.document.components as Schema | undefined)?.securitySchemes ?? {}) as Record<string, Schema>;
  const authorization = String(headers.authorization ?? "");
  const met = requirements.some((requirement) =>
    Object.keys(requirement).every((name) => {
      const scheme = schemes[name];
      if (scheme?.type !== "http") return true;
      return authorization.toLowerCase().startsWith(`${String(scheme.scheme).toLowerCase()} `);
    }),
  );
  return met ? [] : [`authorization: none of the operation's security schemes is sent`];
}

export function checkRequest(spec: ProviderSpec, request: RecordedRequest): string[] {
  const found = findOperation(spec, request.method, request.path);
  if (!found) return [`${request.method} ${request.path}: no such operation in ${spec.name}'s description`];
  const { operation, parameters, template } = found;
  const where = `${request.method} ${template}`;
  const problems = securityProblems(spec, operation, request.headers).map((problem) => `${where} ${problem}`);
  for (const [name, value] of request.query) {
    const parameter = parameters.find((candidate) => candidate.in === "query" && candidate.name === name);
    if (!parameter) problems.push(`${where} ?${name}: a query parameter the provider does not define`);
    else {
      const typed = typesOf(resolve(spec, parameter.schema)).some((type) => type === "integer" || type === "number");
      problems.push(...validate(spec, parameter.schema, typed ? Number(value) : value, `${where} ?${name}`, true));
    }
  }
  for (const parameter of parameters) {
    const name = String(parameter.name);
    const sent =
      parameter.in === "query"
        ? request.query.get(name)
        : parameter.in === "header"
          ? request.headers[name.toLowerCase()]
          : "path";
    if (parameter.required && (sent === null || sent === undefined))
      problems.push(`${where} ${parameter.in} ${name}: required, not sent`);
    if (parameter.in === "header" && typeof sent === "string")
      problems.push(...validate(spec, parameter.schema, sent, `${where} header ${name}`, true));
  }
  const body = operation.requestBody ? resolve(spec, operation.requestBody) : undefined;
  if (request.body.length > 0) {
    const contentType =
      String(request.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim() ?? "";
    const media = (body?.content as Record<string, Schema> | undefined)?.[contentType];
    if (!media) return [...problems, `${where}: the provider takes no ${contentType || "body"} here`];
    const schema = resolve(spec, media.schema);
    const value =
      contentType === "application/x-www-form-urlencoded"
        ? formValues(spec, schema, request.body)
        : JSON.parse(request.body);
    problems.push(...validate(spec, schema, value, `${where} body`, true));
  } else if (body?.required) problems.push(`${where}: a body is required`);
  return [...new Set(problems)];
}

/** The fake's answer to a request, as one of the operation's documented responses. */
export function checkAnswer(spec: ProviderSpec, request: RecordedRequest): string[] {
  const found = findOperation(spec, request.method, request.path);
  const answer = request.answer;
  if (!found || !answer) return [];
  const responses = found.operation.responses as Record<string, Json>;
  const documented =
    responses[String(answer.status)] ?? responses[`${String(answer.status)[0]}XX`] ?? responses.default;
  const where = `${request.method} ${found.template} → ${answer.status}`;
  if (!documented) return [`${where}: not a status the provider documents`];
  const content = (resolve(spec, documented).content ?? {}) as Record<string, Schema>;
  const json = Object.entries(content).find(([type]) => type.includes("json"));
  if (!json || !answer.contentType.includes("json")) return [];
  return [...new Set(validate(spec, json[1].schema, JSON.parse(answer.body), `${where} body`, false))];
}
