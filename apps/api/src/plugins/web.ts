import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import type { Locale } from "@estaciona/contracts";
import { brandStyle } from "@estaciona/contracts/brand";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";
import {
  hostLocale,
  hostnameOf,
  hostThemeColour,
  publicHostConfig,
  resolveHost,
  webManifest,
} from "../modules/hosts/service.ts";
import { sendError } from "./errors.ts";
import {
  catalogueFiles,
  deferAppModules,
  firstScreenHtml,
  firstScreenLanguage,
  logoSize,
  type ViteManifest,
} from "./first-screen.ts";

/**
 * The document with each of its own stylesheets (`<link rel="stylesheet" href="/assets/…">`) put
 * inline as a `<style>` element, in the same order (decision 0338).
 */
function inlineStylesheets(template: string, webDistDir: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const css = path.join(webDistDir, file);
      return existsSync(css) ? `<style>${readFileSync(css, "utf8").replace(/<\/style/gi, "<\\/style")}</style>` : link;
    },
  );
}

/**
 * The document compressed as the browser accepts (brotli, else gzip): the first screen's copy and
 * its inline styles are ~16 KB, ~5 KB compressed, and every byte of the document is on the way to
 * the first paint (decision 0345). Quality 5 takes well under a millisecond at that size.
 */
function compressed(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header("vary", "accept-encoding");
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) {
    reply.header("content-encoding", "br");
    return brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header("content-encoding", "gzip");
    return gzipSync(html);
  }
  return html;
}

/** The favicons: `/favicon.ico`, `/favicon.svg` and each theme's `icon.svg`. */
const FAVICON_FILES = new Set(["favicon.ico", "favicon.svg", "icon.svg"]);
/** The service worker keeps its name across builds; the browser must always see the newest. */
const SERVICE_WORKER_FILES = new Set(["sw.js", "sw.js.map"]);

/** Pages no search engine may index: a receipt's proof, by its Spanish path and its English alias. */
const UNINDEXED_PAGES = /^\/(verificar|verify)\//;

/**
 * Serves the built SPA from the API's own origin. `index.html` gets the requesting host's
 * public configuration as a JSON data block and the theme as the body's only class, so the
 * right theme, logo and language are there on the first paint (docs/product/hosts-and-themes.md).
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const indexFile = path.join(app.config.webDistDir, "index.html");
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: app.config.webDistDir,
      wildcard: false,
      index: false,
      maxAge: "1y",
      immutable: true,
      // The build writes .br and .gz next to each asset (apps/web/vite.config.ts).
      preCompressed: true,
      // The favicons keep their names across builds (browsers ask for /favicon.ico by name), so
      // they are revalidated daily rather than cached as immutable like the hashed assets.
      setHeaders: (reply, filePath) => {
        if (FAVICON_FILES.has(path.basename(filePath))) reply.header("cache-control", "public, max-age=86400");
        // The service worker is checked on every navigation, so a new build takes over at once (docs/offline.md).
        if (SERVICE_WORKER_FILES.has(path.basename(filePath))) reply.header("cache-control", "no-cache");
      },
    });
  }
  const template = built ? readFileSync(indexFile, "utf8") : undefined;
  // The build's manifest names the chunk of each language's sign-in catalogue (apps/web/vite.config.ts).
  const manifestFile = path.join(app.config.webDistDir, ".vite", "manifest.json");
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
  // The first screen's stylesheets, inline on `/` (decision 0338): the copy paints with the
  // document, no render-blocking request before it. Read once; the CSP allows inline styles.
  const inlineStyles = template ? inlineStylesheets(template, app.config.webDistDir) : undefined;
  // …and its scripts start once the copy is painted (decision 0345), its language's catalogue with them.
  const signInDocuments = new Map<Locale, string>();
  const signInDocument = (locale: Locale, built: string) => {
    const known = signInDocuments.get(locale);
    if (known) return known;
    const page = deferAppModules(inlineStyles ?? built, catalogueFiles(manifest, locale));
    signInDocuments.set(locale, page);
    return page;
  };

  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith("/api/") || request.url === "/api")
      return sendError(request, reply, new AppError("object_not_found"));
    if (!template) return reply.code(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    const host = await resolveHost(app.db, request.headers.host);
    const config = publicHostConfig(host, hostnameOf(request.headers.host), app.config);
    const json = JSON.stringify(config).replace(/</g, "\\u003c");
    // The sign-in screen (`/`) is painted before any script and its language's catalogue is
    // preloaded (decision 0247); every other page starts blank, as the app decides what it shows.
    const { pathname, searchParams } = new URL(request.url, "http://localhost");
    const language = firstScreenLanguage(config, request.headers["accept-language"], searchParams.get("country"));
    const signIn = pathname === "/";
    const html = (signIn ? signInDocument(language.locale, template) : template)
      .replace(
        /<html lang="[^"]*"/,
        `<html lang="${signIn ? language.locale : hostLocale(config)}" style="--login-width: ${config.width}px"`,
      )
      .replace(/<body[^>]*>/, `<body class="${config.theme}" style="${brandStyle(config.brand.primary_color)}">`)
      .replace('href="/favicon.svg"', `href="/themes/${config.theme}/icon.svg"`)
      .replace(
        "</head>",
        `<link rel="manifest" href="/manifest.webmanifest" />\n<meta name="theme-color" content="${hostThemeColour(config)}" />\n</head>`,
      )
      .replace("</head>", `<script type="application/json" id="host-config">${json}</script>\n</head>`)
      .replace(
        '<div id="root"></div>',
        signIn
          ? `<div id="root">${firstScreenHtml(config, language, logoSize(app.config.webDistDir, config.brand.logo))}</div>`
          : "$&",
      );
    // A receipt's public check is for the one who holds its QR, never for search engines (docs/decisions/0200).
    if (UNINDEXED_PAGES.test(request.url)) reply.header("x-robots-tag", "noindex, nofollow");
    // A reminder's extend link carries its token in the path: never sent on as a referrer, kept, or indexed (0196).
    if (/^\/(extender|extend)(\/|$)/.test(request.url))
      reply
        .header("referrer-policy", "no-referrer")
        .header("cache-control", "no-store")
        .header("x-robots-tag", "noindex");
    else reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(compressed(request, reply, html));
  };

  app.get("/", serveIndex);
  // The installable app of the requesting host (docs/offline.md): name, icon and colour are its own.
  app.get("/manifest.webmanifest", async (request, reply) => {
    const host = await resolveHost(app.db, request.headers.host);
    const config = publicHostConfig(host, hostnameOf(request.headers.host), app.config);
    return reply
      .header("cache-control", "no-cache")
      .type("application/manifest+json; charset=utf-8")
      .send(JSON.stringify(webManifest(config)));
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === "GET" && !request.url.startsWith("/api") && !path.extname(request.url.split("?")[0] ?? "");
    if (wantsPage) return serveIndex(request, reply);
    return sendError(request, reply, new AppError("object_not_found"));
  });
});
