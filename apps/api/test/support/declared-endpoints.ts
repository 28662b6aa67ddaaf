import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Endpoint } from "@estaciona/contracts/endpoint";

/**
 * Every endpoint declared in `packages/contracts/src/endpoints/*.ts`, read from the folder, so a
 * feature's new file is covered by the suites that walk them all without touching those suites.
 */
export interface DeclaredEndpoint {
  /** `<file>.<export>`, e.g. `vehicles.createVehicle`. */
  name: string;
  endpoint: Endpoint;
}

const endpointsDir = fileURLToPath(new URL("../../../../packages/contracts/src/endpoints/", import.meta.url));
const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === "object" && value !== null && "method" in value && "path" in value && "schemas" in value;

export async function declaredEndpoints(): Promise<DeclaredEndpoint[]> {
  const declared: DeclaredEndpoint[] = [];
  for (const file of readdirSync(endpointsDir).filter(
    (name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "index.ts",
  )) {
    const module = (await import(path.join(endpointsDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (isEndpoint(value)) declared.push({ name: `${file.replace(/\.ts$/, "")}.${name}`, endpoint: value });
  }
  return declared;
}

/** The parts of a JSON Schema (as zod and the OpenAPI document write them) the generated suites read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
}
