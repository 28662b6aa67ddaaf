// The production build of the API: one ES module bundle per entry (server, migrate) under
// apps/api/dist, started with plain `node` — no TypeScript compiler at start (docs/decisions/0040-production-processes.md).
// Our workspaces (@estaciona/*, TypeScript sources) are bundled; every npm dependency stays external
// and is loaded from node_modules as usual.
import { cp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const api = path.join(root, "apps/api");
// `--outdir <folder>` builds elsewhere (the production-build test's own copy, so that the bundle
// the cluster and the runtime stage run beside it is never emptied under them).
const outdirArgument = process.argv.indexOf("--outdir");
const dist = outdirArgument > 0 ? path.resolve(root, process.argv[outdirArgument + 1] ?? "") : path.join(api, "dist");
const manifests = ["apps/api", "packages/contracts", "packages/i18n"].map((dir) =>
  readFile(path.join(root, dir, "package.json"), "utf8").then(JSON.parse),
);
const external = [
  ...new Set((await Promise.all(manifests)).flatMap((manifest) => Object.keys(manifest.dependencies ?? {}))),
].filter((name) => !name.startsWith("@estaciona/"));

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(api, "src/server.ts"),
    migrate: path.join(api, "src/cli/migrate.ts"),
    backup: path.join(api, "src/cli/backup.ts"),
    restore: path.join(api, "src/cli/restore.ts"),
    "check-ledger": path.join(api, "src/cli/check-ledger.ts"),
    healthcheck: path.join(api, "src/cli/healthcheck.ts"),
  },
  outdir: dist,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  external,
  sourcemap: true,
  logLevel: "warning",
});
// The sandbox's hosted card form reads its script and styles from files beside its module.
await cp(path.join(api, "src/modules/payments/sandbox/assets"), path.join(dist, "assets"), { recursive: true });
console.info(`API built into ${path.relative(root, dist)} (${external.length} packages external)`);
