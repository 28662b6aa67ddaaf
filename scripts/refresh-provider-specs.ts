/**
 * Refreshes the providers' published machine descriptions kept as test data
 * (apps/api/test/support/fixtures/providers, docs/decisions/0207): for each source, the operations our
 * adapters call and every component they reference, nothing else, with the source's repository,
 * commit, file and licence written beside them.
 *
 *   node --import tsx scripts/refresh-provider-specs.ts              # from raw.githubusercontent.com at the pinned commits
 *   node --import tsx scripts/refresh-provider-specs.ts --git conekta=/path/to/conekta-openapi.git …
 *
 * To move to a newer description, change `commit` below, run the script, run the contract tests.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

interface SpecSource {
  name: string;
  repository: string;
  commit: string;
  file: string;
  licence: string;
  /** [method, path template] exactly as the description writes them. */
  operations: [string, string][];
}

export const SOURCES: SpecSource[] = [
  {
    name: "conekta",
    repository: "conekta/openapi",
    commit: "82ce68e7ce7727b0315f27c03322de80f9bf8976",
    file: "_build/api.yaml",
    licence: "MIT (Copyright (c) 2014 - Conekta, Inc.)",
    operations: [
      ["post", "/customers"],
      ["post", "/customers/{id}/payment_sources"],
      ["delete", "/customers/{id}/payment_sources/{payment_method_id}"],
      ["post", "/orders"],
      ["get", "/orders"],
      ["get", "/orders/{id}"],
      ["post", "/orders/{id}/refunds"],
    ],
  },
  {
    name: "twilio",
    repository: "twilio/twilio-oai",
    commit: "d50069b44ea8cd23141385bdb6db48f16ff75bb5",
    file: "spec/json/twilio_api_v2010.json",
    licence: "MIT (Copyright (C) 2023, Twilio, Inc.)",
    operations: [["post", "/2010-04-01/Accounts/{AccountSid}/Messages.json"]],
  },
  {
    name: "facturapi",
    repository: "FacturAPI/facturapi-docs",
    commit: "dcbdc849dfef27f81b10d6ba4b1d113a091430a4",
    file: "website/openapi_v2.en.yaml",
    licence: "Apache-2.0 (Copyright 2017 Facturapi)",
    operations: [
      ["post", "/invoices"],
      ["get", "/invoices/{invoice_id}"],
      ["delete", "/invoices/{invoice_id}"],
      ["get", "/invoices/{invoice_id}/{format}"],
    ],
  },
];

type Json = unknown;

/** Every `#/components/...` reference reachable from `node`, resolved against `root`. */
function collectRefs(root: Record<string, Json>, node: Json, seen: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(root, item, seen);
    return;
  }
  if (!node || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    // A discriminator's mapping names schemas by pointer too (Facturapi's invoice types).
    const pointers =
      key === "mapping" && value && typeof value === "object"
        ? Object.values(value).filter((v) => typeof v === "string")
        : [];
    for (const pointer of pointers as string[])
      if (pointer.startsWith("#/") && !seen.has(pointer)) {
        seen.add(pointer);
        collectRefs(root, resolvePointer(root, pointer), seen);
      }
    if (key === "$ref" && typeof value === "string" && value.startsWith("#/") && !seen.has(value)) {
      seen.add(value);
      collectRefs(root, resolvePointer(root, value), seen);
    } else collectRefs(root, value, seen);
  }
}

export function resolvePointer(root: Json, pointer: string): Json {
  return pointer
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<Json>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, Json>)[part] : undefined),
      root,
    );
}

/** Examples are documentation, not contract: dropped so the kept text stays small. */
function withoutExamples(node: Json): Json {
  if (Array.isArray(node)) return node.map(withoutExamples);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => key !== "example" && key !== "examples")
      .map(([key, value]) => [key, withoutExamples(value)]),
  );
}

export function excerpt(source: SpecSource, document: Record<string, Json>): Record<string, Json> {
  const paths: Record<string, Record<string, Json>> = {};
  const allPaths = document.paths as Record<string, Record<string, Json>>;
  for (const [method, template] of source.operations) {
    const item = allPaths[template];
    const operation = item?.[method];
    if (!operation) throw new Error(`${source.name}: ${method.toUpperCase()} ${template} is not in ${source.file}`);
    paths[template] = { ...(paths[template] ?? {}), [method]: operation };
    if (item.parameters) paths[template].parameters = item.parameters;
  }
  const refs = new Set<string>();
  collectRefs(document, paths, refs);
  const components: Record<string, Record<string, Json>> = {};
  for (const ref of [...refs].sort()) {
    const [, section, kind, name] = ref.split("/");
    if (section !== "components" || !kind || !name) continue;
    components[kind] ??= {};
    components[kind][name.replace(/~1/g, "/").replace(/~0/g, "~")] = resolvePointer(document, ref);
  }
  return withoutExamples({
    "x-source": {
      repository: `https://github.com/${source.repository}`,
      commit: source.commit,
      file: source.file,
      licence: source.licence,
      note: "An excerpt: the operations our adapter calls and the components they reference. Refreshed by scripts/refresh-provider-specs.ts.",
    },
    openapi: document.openapi,
    info: document.info,
    servers: document.servers,
    paths,
    components,
  }) as Record<string, Json>;
}

async function readSource(source: SpecSource, gitDirs: Map<string, string>): Promise<string> {
  const gitDir = gitDirs.get(source.name);
  if (gitDir)
    return execFileSync("git", ["--git-dir", gitDir, "show", `${source.commit}:${source.file}`], {
      maxBuffer: 64 << 20,
    }).toString("utf8");
  const url = `https://raw.githubusercontent.com/${source.repository}/${source.commit}/${source.file}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const gitDirs = new Map<string, string>();
  for (let index = 0; index < args.length; index++)
    if (args[index] === "--git") {
      const [name, dir] = (args[++index] ?? "").split("=");
      if (name && dir) gitDirs.set(name, dir);
    }
  const target = path.join(import.meta.dirname, "..", "apps", "api", "test", "support", "fixtures", "providers");
  for (const source of SOURCES) {
    const document = parse(await readSource(source, gitDirs), { maxAliasCount: -1 }) as Record<string, Json>;
    const file = path.join(target, `${source.name}.openapi.json`);
    writeFileSync(file, `${JSON.stringify(excerpt(source, document), null, 2)}\n`);
    console.info(`${source.name}: ${source.operations.length} operations → ${path.relative(process.cwd(), file)}`);
  }
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) await main();
