import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { deferAppModules } from "../../src/plugins/first-screen.ts";
import { createTestApp } from "../support/helpers.ts";

/**
 * The document the server sends for the sign-in screen and for every other page (decisions 0247,
 * 0338, 0345), from a build shaped as Vite writes it: its entry, its module preloads, its stylesheet.
 */
const dist = mkdtempSync(path.join(tmpdir(), "estaciona-web-"));
mkdirSync(path.join(dist, "assets"));
mkdirSync(path.join(dist, ".vite"));
const CSS = ".login{display:grid}";
writeFileSync(path.join(dist, "assets", "index-a1.css"), CSS);
writeFileSync(
  path.join(dist, "index.html"),
  '<!doctype html><html lang="es"><head><title>Estaciona</title>\n' +
    '    <script type="module" crossorigin src="/assets/index-e1.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/session-s1.js">\n' +
    '    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">\n' +
    '</head><body><div id="root"></div></body></html>',
);
writeFileSync(
  path.join(dist, ".vite", "manifest.json"),
  JSON.stringify({
    "src/lib/catalogues/first-screen/es.ts": { file: "assets/es-c1.js", imports: ["_session.js"] },
    "src/lib/catalogues/first-screen/en.ts": { file: "assets/en-c1.js" },
    "_session.js": { file: "assets/session-s1.js" },
  }),
);
const app = await createTestApp({ env: { WEB_DIST_DIR: dist } });
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { host: "localhost", ...headers } });

/** The list the first screen's script starts the app from. */
const appModules = (html: string) =>
  JSON.parse(/<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(html)?.[1] ?? "null");

describe("the sign-in screen's document", () => {
  it("holds its styles inline and starts no script before the copy is painted", async () => {
    const response = await page("/", { "accept-language": "es-MX" });
    const html = response.body;
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    // No request competes with the document for the first paint: the entry and its preloads are a list.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(appModules(html)).toEqual([
      "/assets/index-e1.js",
      "/assets/react-r1.js",
      "/assets/session-s1.js",
      "/assets/es-c1.js",
    ]);
    expect(appModules((await page("/", { "accept-language": "en-US" })).body)).toEqual([
      "/assets/index-e1.js",
      "/assets/react-r1.js",
      "/assets/session-s1.js",
      "/assets/en-c1.js",
    ]);
    // The one inline script that starts them runs by its hash.
    const script = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? "";
    expect(script).toContain("app-modules");
    const hash = createHash("sha256").update(script).digest("base64");
    expect(response.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
  });

  it("is sent compressed as the browser accepts, and the same once decompressed", async () => {
    const plain = await page("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await page("/", { "accept-encoding": "gzip, deflate, br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await page("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(plain.body));
  });
});

describe("every other page's document", () => {
  it("keeps the stylesheet link, the entry script and its preloads, and no copy", async () => {
    const html = (await page("/visitas")).body;
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-a1.css">');
    expect(html).not.toContain("<style>");
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-e1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-r1.js">');
    expect(html).not.toContain("app-modules");
    expect(html).not.toContain("first-screen");
  });

  it("a document without an entry script is left as it is", () => {
    const html = '<html><head><link rel="modulepreload" crossorigin href="/assets/a.js"></head></html>';
    expect(deferAppModules(html, ["/assets/es.js"])).toBe(html);
  });
});
