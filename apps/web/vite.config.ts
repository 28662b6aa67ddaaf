import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to every text asset, so the server sends them compressed without
 * spending CPU per request (@fastify/static `preCompressed`).
 */
function precompressAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "estaciona-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.values(bundle).filter(
        (output) => /\.(js|css|svg|json)$/.test(output.fileName) && !output.fileName.endsWith(".map"),
      );
      await Promise.all(
        files.map(async (output) => {
          const source = output.type === "chunk" ? output.code : output.source;
          const content = typeof source === "string" ? Buffer.from(source) : Buffer.from(source);
          if (content.byteLength < 1024) return;
          const target = path.join(outDir, output.fileName);
          await writeFile(
            `${target}.br`,
            await brotli(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${target}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The SPA never reads a declaration's `errors` or `summary` (the API's OpenAPI document and the
 * hostile-input walk do), so the web build drops the errors and empties the summaries: the first
 * download does not grow with the error model or the documentation (docs/decisions/0017, 0190).
 */
function dropDeclaredErrors(): Plugin {
  return {
    name: "estaciona-drop-declared-errors",
    enforce: "pre",
    transform(code, id) {
      if (!/packages\/contracts\/src\/endpoints\/[^/]+\.ts$/.test(id)) return null;
      const withoutErrors = code.replace(/^ {2}errors: \[[^\]]*\],\n/gm, "");
      return { code: withoutErrors.replace(/^ {2}summary:\s*"(?:[^"\\\n]|\\.)*",\n/gm, '  summary: "",\n'), map: null };
    },
  };
}

/**
 * The service worker (src/sw.ts; docs/offline.md, docs/decisions/0190): Workbox's precache of this
 * build's files, built as its own file. It is registered from the page after load
 * (src/lib/offline/boot.ts), and the manifest is the API's, per host: the plugin adds neither.
 */
const serviceWorker = VitePWA({
  strategies: "injectManifest",
  srcDir: "src",
  filename: "sw.ts",
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ["**/*.{js,css,svg,ico,woff2}"],
    // The map's library and style only work online; sources are for debugging.
    globIgnores: ["**/*.map", "**/maplibre*", "**/meter-map-*", "sw.js"],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), precompressAssets(), dropDeclaredErrors(), serviceWorker],
  server: { proxy: { "/api": "http://localhost:8080", "/sandbox": "http://localhost:8080" } },
  build: {
    target: "es2022",
    sourcemap: true,
    // Every browser that runs es2022 supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    // The server reads it to preload the sign-in catalogue of the driver's language (decision 0247).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own, named for what they hold: a deploy that changes only
        // our code leaves them cached (docs/decisions/0095). Only the libraries of the first
        // download and the router are grouped; every other library stays with the lazy screens
        // that use it, so grouping never pulls it into /.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: "i18next", test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 2 },
            { name: "react-router", test: /node_modules[\\/]react-router[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
