// `npm run test:e2e`'s build: skipped when the last build was made from exactly these sources.
// CI builds once for the runtime stage and then runs `npm test`, which used to build everything a
// second time; a person running `npm test` after editing anything still gets a fresh build.
// The stamp is a hash of every file the two builds read (sources, configs, the lock).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const inputs = ["apps/web", "apps/api/src", "packages", "scripts/build-api.mjs", "package-lock.json"];
// Outside the outputs: `npm run build:api` alone empties dist and rebuilds it from the same sources.
const stampFile = path.join(root, "node_modules/.cache/estaciona-build/sources-hash");
const outputs = ["apps/web/dist/index.html", "apps/api/dist/server.mjs"].map((file) => path.join(root, file));

function sourcesHash() {
  // Tracked and untracked-but-not-ignored files, so dist/ and node_modules/ never count.
  const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "--", ...inputs], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => file && existsSync(path.join(root, file)))
    .sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(file)
      .update("\0")
      .update(readFileSync(path.join(root, file)))
      .update("\0");
  return hash.digest("hex");
}

const hash = sourcesHash();
const built =
  outputs.every((file) => existsSync(file)) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash;
if (built) {
  process.stdout.write("build: up to date with the sources, not rebuilt\n");
} else {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, hash);
}
