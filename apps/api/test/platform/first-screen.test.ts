import { createHash } from "node:crypto";
import type { HostConfig } from "@estaciona/contracts/schemas/host";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { contentSecurityDirectives } from "../../src/plugins/content-security-policy.ts";
import {
  catalogueFiles,
  FIRST_SCREEN_SCRIPT,
  FIRST_SCREEN_SCRIPT_HASH,
  firstScreenHtml,
  firstScreenLanguage,
  svgSize,
} from "../../src/plugins/first-screen.ts";

/** The sign-in screen painted before any script (decision 0247). */
describe("the first screen", () => {
  const host = {
    force_spanish: false,
    login_text: { es: "Bienvenido <a>", en: "Welcome" },
    brand: { name: "Ac&me", primary_color: "#0b5cad", logo: "/themes/estaciona/logo.svg" },
  } as HostConfig;

  it("speaks the language the app will choose, from what the server sees", () => {
    expect(firstScreenLanguage(host, "en-US,en;q=0.9", null)).toEqual({ locale: "en", fixed: false });
    expect(firstScreenLanguage(host, "es-419", null)).toEqual({ locale: "es", fixed: false });
    expect(firstScreenLanguage(host, undefined, null)).toEqual({ locale: "es", fixed: false });
    expect(firstScreenLanguage(host, "es-MX", "us")).toEqual({ locale: "en", fixed: true });
    expect(firstScreenLanguage({ force_spanish: true }, "en-US", "us")).toEqual({ locale: "es", fixed: true });
  });

  it("paints the phone step in that language, escaping the host's texts, with its controls disabled", () => {
    const spanish = firstScreenHtml(host, { locale: "es", fixed: false });
    expect(spanish).toContain("Inicia sesión o crea tu cuenta");
    expect(spanish).toContain("Bienvenido &lt;a&gt;");
    expect(spanish).toContain('alt="Logotipo de Ac&amp;me"');
    expect(spanish).toContain('<option value="mx" selected>');
    expect(spanish).not.toMatch(/<div id="first-screen"[^>]*data-fixed/);
    expect(spanish).toMatch(/<input id="first-screen-phone"[^>]*placeholder="\(000\) 000-0000" disabled/);
    expect(spanish).toContain(`<script>${FIRST_SCREEN_SCRIPT}</script>`);

    const english = firstScreenHtml({ ...host, force_spanish: true }, { locale: "en", fixed: true });
    expect(english).toContain("Sign in or create your account");
    expect(english).toContain('<option value="us" selected>');
    expect(english).toMatch(/<div id="first-screen"[^>]*data-fixed/);
    // A Spanish-only host shows no language selector.
    expect(english).not.toContain("language-selector");
  });

  it("gives the logo its proportions before it loads", () => {
    expect(svgSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 56" width="220" height="56">')).toEqual({
      width: 220,
      height: 56,
    });
    expect(svgSize('<svg viewBox="0 0 10 10">')).toBeUndefined();
    expect(firstScreenHtml(host, { locale: "es", fixed: false }, { width: 220, height: 56 })).toContain(
      'alt="Logotipo de Ac&amp;me" width="220" height="56" />',
    );
  });

  it("lets its one inline script run by its hash, and nothing else inline", () => {
    const hash = `'sha256-${createHash("sha256").update(FIRST_SCREEN_SCRIPT).digest("base64")}'`;
    expect(FIRST_SCREEN_SCRIPT_HASH).toBe(hash);
    const { scriptSrc } = contentSecurityDirectives(loadConfig({ NODE_ENV: "test" }), []);
    expect(scriptSrc).toContain(hash);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it("preloads the language's catalogue chunk and what it imports", () => {
    const manifest = {
      "src/lib/catalogues/first-screen/en.ts": { file: "assets/en-1.js", imports: ["_shared.js"] },
      "src/lib/catalogues/first-screen/es.ts": { file: "assets/es-1.js" },
      "_shared.js": { file: "assets/shared-1.js" },
    };
    expect(catalogueFiles(manifest, "en")).toEqual(["/assets/en-1.js", "/assets/shared-1.js"]);
    expect(catalogueFiles({}, "es")).toEqual([]);
  });
});
