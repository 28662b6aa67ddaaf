/**
 * The SPA's module rules, which Biome cannot express (ARCHITECTURE.md "The SPA", docs/decisions/0019).
 * `npm run lint` runs it after Biome; it exits 1 and lists every breach.
 *
 * 1. A feature uses another feature only through its public entry, `features/<name>/index.ts`
 *    (test code may also use another feature's `testing/` helpers).
 * 2. The shared layers (`app/`, `components/`, `config/`, `lib/`, `testing/`, `main.tsx`) import
 *    no feature, with one exception: `app/router.tsx` maps paths to screens and `app/start.tsx`
 *    shows the sign-in screen before the router (docs/decisions/0095), so they import the
 *    features' route modules (`features/<name>/routes/…`). `components/`, `config/` and `lib/`
 *    import nothing from `app/` either.
 * 3. No cycle between features, and none between modules (static imports that exist at run time).
 * 4. No link written by hand: outside `config/paths.ts` and test code, no string starts with a
 *    route's path (`"/pagos"`, `` `/visita/${uuid}` ``); `pathTo()` builds every link.
 * 5. No API call written by hand: `apiRequest` is for `lib/endpoint-client.ts` (and its own test)
 *    alone; everything else calls an endpoint declared in `@estaciona/contracts/endpoints`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface Violation {
  file: string;
  message: string;
}

/** One import of a module: what it names, resolved to a file of the tree when relative. */
interface ModuleImport {
  specifier: string;
  target: string | null;
  /** Erased by the compiler (`import type`), so it cannot take part in a run-time cycle. */
  typeOnly: boolean;
  /** `import()`: evaluated later, so it cannot take part in a run-time cycle either. */
  dynamic: boolean;
  /** The names it binds (`import { a, b as c }` → a, b). */
  names: string[];
}

const SHARED_LAYERS_WITHOUT_APP = ["components", "config", "lib"];
/** The shared modules that may import screens (`features/<name>/routes/…`). */
const SCREEN_IMPORTERS = ["app/router.tsx", "app/start.tsx"];
const API_REQUEST_USERS = ["lib/endpoint-client.ts", "lib/api-client.test.ts"];

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.split("/").includes("testing");

/** `features/visits/api/visits.ts` → `visits`; null outside the features. */
const featureOf = (file: string): string | null => {
  const [top, name] = file.split("/");
  return top === "features" && name ? name : null;
};

function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`])
    if (files.has(candidate)) return candidate;
  return base;
}

export function importsOf(file: string, source: string, files: ReadonlySet<string>): ModuleImport[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: ModuleImport[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean, names: string[] = []) =>
    found.push({ specifier, target: resolve(file, specifier, files), typeOnly, dynamic, names });
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const onlyTypes =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      const bindings = clause?.namedBindings;
      const names =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
          : [];
      add(node.moduleSpecifier.text, onlyTypes, false, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** The text of every string and template head written in a module. */
function stringsOf(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node))
      found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** Strongly connected groups of more than one node (Tarjan), each listed in a stable order. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || edges.get(node)?.has(node)) groups.push(group.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

function addEdge(edges: Map<string, Set<string>>, from: string, to: string) {
  const targets = edges.get(from) ?? new Set<string>();
  targets.add(to);
  edges.set(from, targets);
}

/**
 * Every breach of the rules in a tree of modules: `sources` maps a path relative to `src/`
 * (`features/visits/index.ts`) to its text; `routePaths` are the paths and aliases of
 * `config/paths.ts`.
 */
export function checkBoundaries(sources: ReadonlyMap<string, string>, routePaths: readonly string[]): Violation[] {
  const files = new Set(sources.keys());
  const violations: Violation[] = [];
  const featureEdges = new Map<string, Set<string>>();
  const moduleEdges = new Map<string, Set<string>>();
  // A route's fixed start: "/visita/" of "/visita/:uuid". "/" (sign-in) is too short to tell apart.
  const routeStarts = [...new Set(routePaths.map((route) => route.split(":")[0]!))].filter((start) => start !== "/");

  for (const [file, source] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    const from = featureOf(file);
    for (const { specifier, target, typeOnly, dynamic, names } of importsOf(file, source, files)) {
      if (target === null) continue;
      if (target === "lib/api-client.ts" && names.includes("apiRequest") && !API_REQUEST_USERS.includes(file))
        violations.push({
          file,
          message:
            "calls the API by hand (apiRequest): call an endpoint of @estaciona/contracts/endpoints with callEndpoint",
        });
      const to = featureOf(target);
      if (from && to && from !== to) {
        addEdge(featureEdges, from, to);
        const publicEntry = target === `features/${to}/index.ts`;
        const testHelper = isTestCode(file) && target.startsWith(`features/${to}/testing/`);
        if (!publicEntry && !testHelper)
          violations.push({
            file,
            message: `imports ${specifier}: another feature is used through its public entry, features/${to}/index.ts`,
          });
      } else if (!from && to) {
        const screenImport = SCREEN_IMPORTERS.includes(file) && target.startsWith(`features/${to}/routes/`);
        if (!screenImport)
          violations.push({
            file,
            message: `imports ${specifier}: the shared layers import no feature (only app/router.tsx and app/start.tsx import screens)`,
          });
      } else if (SHARED_LAYERS_WITHOUT_APP.includes(file.split("/")[0]!) && target.startsWith("app/")) {
        violations.push({ file, message: `imports ${specifier}: components, config and lib import nothing from app/` });
      }
      if (!typeOnly && !dynamic && files.has(target)) addEdge(moduleEdges, file, target);
    }
    if (file !== "config/paths.ts" && !isTestCode(file))
      for (const text of stringsOf(file, source)) {
        const start = routeStarts.find(
          (route) =>
            text === route ||
            text.startsWith(route.endsWith("/") ? route : `${route}/`) ||
            text.startsWith(`${route}?`),
        );
        if (start)
          violations.push({
            file,
            message: `writes the link "${text}" by hand: build it with pathTo() from config/paths.ts`,
          });
      }
  }

  for (const group of cycles(featureEdges))
    violations.push({
      file: `features/${group[0]}`,
      message: `features import each other in a cycle: ${group.join(" → ")}`,
    });
  for (const group of cycles(moduleEdges))
    violations.push({ file: group[0]!, message: `modules import each other in a cycle: ${group.join(" → ")}` });
  return violations;
}

/** Every .ts/.tsx/.css module under `root`, keyed by its path relative to it. */
export function readTree(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const full = path.join(directory, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(tsx?|css)$/.test(name))
        sources.set(
          path.relative(root, full).split(path.sep).join("/"),
          name.endsWith(".css") ? "" : readFileSync(full, "utf8"),
        );
    }
  };
  walk(root);
  return sources;
}

async function main() {
  const root = path.resolve(import.meta.dirname, "../src");
  const { paths } = await import("../src/config/paths.ts");
  const routePaths = Object.values(paths).flatMap((route) => [route.path, ...("alias" in route ? [route.alias] : [])]);
  const violations = checkBoundaries(readTree(root), routePaths);
  for (const { file, message } of violations) process.stderr.write(`apps/web/src/${file}: ${message}\n`);
  if (violations.length > 0) {
    process.stderr.write(`${violations.length} module rule(s) broken (apps/web/scripts/check-boundaries.ts)\n`);
    process.exit(1);
  }
  process.stdout.write("SPA module rules: features, shared layers, cycles and links are in order.\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
