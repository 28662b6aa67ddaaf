import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** One module's share of a chunk: rendered (minified, before gzip) bytes. */
export interface ModuleShare {
  id: string;
  renderedBytes: number;
}

export interface ChunkReport {
  fileName: string;
  isEntry: boolean;
  bytes: number;
  gzipBytes: number;
  /** Static imports: what the browser fetches together with this chunk. */
  imports: string[];
  modules: ModuleShare[];
}

/** Groups a module id by package (node_modules/<pkg>) or by workspace folder. */
export function moduleGroup(id: string): string {
  const clean = id.replace(/^\0/, "").replace(/\?.*$/, "");
  const inNodeModules = clean.lastIndexOf("node_modules/");
  if (inNodeModules >= 0) {
    const rest = clean.slice(inNodeModules + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  }
  const workspace = clean.match(/\/(packages\/[^/]+|apps\/web\/src\/[^/]+(?:\/[^/]+)?)/);
  return workspace?.[1] ?? clean;
}

/**
 * A Rollup plugin that records every chunk's modules with their rendered sizes, so a build can
 * say what the first download is made of.
 */
export function bundleReport(onReport: (chunks: ChunkReport[]) => void): Plugin {
  return {
    name: "estaciona-bundle-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: ChunkReport[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          bytes: Buffer.byteLength(output.code),
          gzipBytes: gzipSync(output.code, { level: 9 }).byteLength,
          imports: output.imports,
          modules: Object.entries(output.modules)
            .map(([id, info]) => ({ id, renderedBytes: info.renderedLength }))
            .filter((share) => share.renderedBytes > 0)
            .sort((a, b) => b.renderedBytes - a.renderedBytes),
        });
      }
      onReport(chunks);
    },
  };
}

/** The entry chunk and every chunk it imports statically: what `/` downloads before it runs. */
export function initialChunks(chunks: ChunkReport[]): ChunkReport[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen].flatMap((fileName) => byName.get(fileName) ?? []);
}

/**
 * What a lazy screen adds to `/`: the chunks holding the given modules (matched by the end of
 * their path) and every chunk those import statically, less the chunks `/` already loaded.
 */
export function lazyScreenChunks(chunks: ChunkReport[], moduleEndings: string[]): ChunkReport[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const initial = new Set(initialChunks(chunks).map((chunk) => chunk.fileName));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName) || initial.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks)
    if (chunk.modules.some((share) => moduleEndings.some((ending) => share.id.endsWith(ending)))) visit(chunk.fileName);
  return [...seen].flatMap((fileName) => byName.get(fileName) ?? []);
}
