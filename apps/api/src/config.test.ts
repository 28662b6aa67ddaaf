import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig, PROVIDER_CAPS } from "./config.ts";
import { DEFAULT_MAP_STYLE_URL } from "./map-config.ts";

const base = { NODE_ENV: "test" };

describe("configuration read at start-up", () => {
  it("defaults to the one-command product: port 8080, SQLite in ./data, sandbox providers", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(8080);
    expect(config.database).toMatchObject({ engine: "sqlite" });
    expect(config.database.engine === "sqlite" && config.database.file.endsWith("data/estaciona.sqlite")).toBe(true);
    expect(config.sms.provider).toBe("sandbox");
    expect(config.email.provider).toBe("sandbox");
  });

  it("caps nothing a sandbox stands in for: a tester's one address signs in and adds cards at will (decision 0080)", () => {
    const config = loadConfig(base);
    expect(config.limits.signInPerIpPerHour).toBe(Number.MAX_SAFE_INTEGER);
    expect(config.limits.apiPerIpPerMinute).toBe(Number.MAX_SAFE_INTEGER);
    expect(config.payments.cardAddMaxPerUserPerDay).toBe(Number.MAX_SAFE_INTEGER);
    expect(config.payments.cardAddMaxPerIpPerHour).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("caps each real provider's abuse by default, and a set value wins either way", () => {
    const twilio = {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM: "+15550000000",
    };
    const conekta = { CONEKTA_PRIVATE_KEY: "key_private", CONEKTA_PUBLIC_KEY: "key_public" };
    const realSms = loadConfig({ ...base, ...twilio });
    expect(realSms.limits.signInPerIpPerHour).toBe(PROVIDER_CAPS.signInPerIpPerHour);
    expect(realSms.limits.apiPerIpPerMinute).toBe(PROVIDER_CAPS.apiPerIpPerMinute);
    expect(realSms.payments.cardAddMaxPerIpPerHour).toBe(Number.MAX_SAFE_INTEGER);
    const realCards = loadConfig({ ...base, ...conekta });
    expect(realCards.payments.cardAddMaxPerUserPerDay).toBe(PROVIDER_CAPS.cardAddPerUserPerDay);
    expect(realCards.payments.cardAddMaxPerIpPerHour).toBe(PROVIDER_CAPS.cardAddPerIpPerHour);
    expect(realCards.limits.signInPerIpPerHour).toBe(Number.MAX_SAFE_INTEGER);
    expect(realCards.limits.apiPerIpPerMinute).toBe(PROVIDER_CAPS.apiPerIpPerMinute);
    const set = loadConfig({ ...base, SIGN_IN_IP_MAX_PER_HOUR: "7", CARD_ADD_MAX_PER_IP_PER_HOUR: "4" });
    expect(set.limits.signInPerIpPerHour).toBe(7);
    expect(set.payments.cardAddMaxPerIpPerHour).toBe(4);
  });

  it("uses PostgreSQL when DATABASE_URL is set", () => {
    const config = loadConfig({ ...base, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" });
    expect(config.database).toEqual({ engine: "postgres", url: "postgres://postgres@127.0.0.1:5432/test" });
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ APP_SECRET: "short" }, "APP_SECRET"],
    [{ SMS_PROVIDER: "twilio" }, "TWILIO_ACCOUNT_SID"],
    [{ EMAIL_PROVIDER: "smtp" }, "SMTP_URL"],
    [{ NODE_ENV: "production", APP_SECRET: "x".repeat(40) }, "SMS_PROVIDER"],
    [{ NODE_ENV: "production", SMS_PROVIDER: "twilio" }, "APP_SECRET"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "proxy.internal" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "1.5" }, "TRUST_PROXY"],
  ])("stops start-up on %o with a message naming %s", (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it("reads TRUST_PROXY as no proxy, a hop count or a list of proxy addresses and CIDRs", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,fd00::/8, loopback" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "192.168.1.10",
      "fd00::/8",
      "loopback",
    ]);
  });

  it.each(["true", "TRUE", "yes"])(
    "refuses TRUST_PROXY=%s at start and says why: a client would pick its own IP",
    (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: `true` trusts every X-Forwarded-For hop, so any client picks its own IP/,
      );
    },
  );
  const production = {
    NODE_ENV: "production",
    APP_SECRET: "x".repeat(40),
    TWILIO_ACCOUNT_SID: "AC1",
    TWILIO_AUTH_TOKEN: "t",
    TWILIO_FROM: "+15005550006",
    SMTP_URL: "smtp://mail.example:587",
    CONEKTA_PRIVATE_KEY: "key_private",
    CONEKTA_PUBLIC_KEY: "key_public",
    FACTURAPI_KEY: "sk_live_key",
  };

  it("refuses the sandbox invoicing issuer and a Facturapi test key in production, and takes a live key", () => {
    expect(() => loadConfig({ ...production, FACTURAPI_KEY: "" })).toThrow(/FACTURAPI_KEY: the sandbox issuer/);
    expect(() => loadConfig({ ...production, FACTURAPI_KEY: "sk_test_abc" })).toThrow(
      /FACTURAPI_KEY: a Facturapi test key/,
    );
    expect(loadConfig(production).invoicing).toEqual({
      facturapi: { secretKey: "sk_live_key", apiBase: "https://www.facturapi.io/v2" },
    });
    expect(loadConfig({ ...base, FACTURAPI_KEY: "sk_test_abc" }).invoicing.facturapi?.secretKey).toBe("sk_test_abc");
  });

  it("refuses NetPay keys in production, where its CVV-on-every-charge rule cannot be met, and takes them elsewhere", () => {
    const netpay = { NETPAY_SECRET_KEY: "sk_netpay_live", NETPAY_PUBLIC_KEY: "pk_netpay_live" };
    expect(() => loadConfig({ ...production, ...netpay })).toThrow(/NETPAY_SECRET_KEY: NetPay asks for the CVV/);
    expect(loadConfig({ ...base, ...netpay }).payments.netpay?.secretKey).toBe("sk_netpay_live");
  });

  it("refuses sandbox e-mail and a production without any real card gateway, naming the variable", () => {
    expect(() => loadConfig({ ...production, SMTP_URL: "" })).toThrow(/EMAIL_PROVIDER/);
    expect(() => loadConfig({ ...production, CONEKTA_PRIVATE_KEY: "", CONEKTA_PUBLIC_KEY: "" })).toThrow(
      /CONEKTA_PRIVATE_KEY/,
    );
  });

  it("in production: no demo data and no migration at start unless asked for", () => {
    const config = loadConfig(production);
    expect(config.seedDemo).toBe(false);
    expect(config.migrateAtStart).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true", MIGRATE_AT_START: "true" })).toMatchObject({
      seedDemo: true,
      migrateAtStart: true,
    });
  });

  it("the embedded default runs API and worker, seeds the demo and migrates at start", () => {
    expect(loadConfig(base)).toMatchObject({ role: "all", seedDemo: true, migrateAtStart: true });
  });

  it.each(["api", "worker"])("PROCESS_ROLE=%s is read; anything else stops start-up", (role) => {
    expect(loadConfig({ ...base, PROCESS_ROLE: role }).role).toBe(role);
    expect(() => loadConfig({ ...base, PROCESS_ROLE: "both" })).toThrow(/PROCESS_ROLE/);
  });

  it("reads an empty variable as unset, so .env.example copied as it is starts with the defaults", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const example = Object.fromEntries(
      [...readFileSync(path.join(root, ".env.example"), "utf8").matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map(
        ([, name, value]) => [name, value],
      ),
    );
    const config = loadConfig({ ...example, ...production, METRICS_PORT: "", SEED_DEMO: "", MIGRATE_AT_START: "" });
    expect(config.webDistDir).toBe(loadConfig(base).webDistDir);
    expect(config).toMatchObject({ metricsPort: undefined, seedDemo: false, migrateAtStart: false, port: 8080 });
  });

  it("reads any variable from NAME_FILE (a mounted secret), refusing both at once or an unreadable file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "estaciona-secret-"));
    const file = path.join(dir, "app_secret");
    writeFileSync(file, `${"s".repeat(40)}\n`);
    expect(loadConfig({ ...base, APP_SECRET_FILE: file }).secret).toBe("s".repeat(40));
    expect(() => loadConfig({ ...base, APP_SECRET_FILE: file, APP_SECRET: "t".repeat(40) })).toThrow(
      /APP_SECRET: set either it or APP_SECRET_FILE/,
    );
    expect(() => loadConfig({ ...base, APP_SECRET_FILE: path.join(dir, "missing") })).toThrow(
      /APP_SECRET_FILE: cannot read .*missing \(ENOENT\)/,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("draws the meters map on a keyless street style unless MAP_STYLE_URL says another or `offline`", () => {
    expect(loadConfig(base).web).toMatchObject({ mapStyleUrl: DEFAULT_MAP_STYLE_URL, mapTileOrigins: [] });
    expect(loadConfig({ ...base, MAP_STYLE_URL: "offline" }).web.mapStyleUrl).toBeNull();
    const own = loadConfig({
      ...base,
      MAP_STYLE_URL: "https://maps.example/style.json",
      MAP_TILE_ORIGINS: "https://tiles.example/v1, https://glyphs.example",
    });
    expect(own.web).toMatchObject({
      mapStyleUrl: "https://maps.example/style.json",
      mapTileOrigins: ["https://tiles.example", "https://glyphs.example"],
    });
    expect(() => loadConfig({ ...base, MAP_STYLE_URL: "ftp://maps.example/style" })).toThrow(/MAP_STYLE_URL/);
    expect(() => loadConfig({ ...base, MAP_TILE_ORIGINS: "tiles.example" })).toThrow(/MAP_TILE_ORIGINS/);
  });

  it("lists every variable in .env.example and in docs/configuration.md", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    const documented = readFileSync(path.join(root, "docs/configuration.md"), "utf8");
    for (const name of ENVIRONMENT_VARIABLES) {
      expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^${name}=`, "m"));
      expect(documented, `docs/configuration.md lacks ${name}`).toContain(`\`${name}\``);
    }
  });
});
