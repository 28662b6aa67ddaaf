import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ENVIRONMENT_VARIABLES } from "../../src/config.ts";
import { createTestApp, type TestApp, testEngine } from "../support/helpers.ts";

/**
 * The deployment files an operator starts from (docs/operations.md "Production", issue 16 item 5) agree with
 * the code: no docker daemon runs the tests, so the image, the compose file and the proxy are read
 * and held against what the server reads, listens on and answers.
 */

const root = path.resolve(import.meta.dirname, "../../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Service {
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
}
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const dockerfile = read("Dockerfile");
const nginx = read("deploy/nginx.conf");
const envExample = read(".env.example");

/** The services that run our image, by name. */
const ours = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
const roleOf = (service: Service) => service.environment?.PROCESS_ROLE;
/** The runtime stage: everything after the Dockerfile's last FROM. */
const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
const imageEnv = Object.fromEntries(
  [...runtimeStage.matchAll(/^ENV (.+)$/gm)].flatMap(([, pairs = ""]) =>
    pairs.split(/\s+/).map((pair) => pair.split("=") as [string, string]),
  ),
);

describe(`the deployment files (${testEngine})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app.close());

  it("give our processes only variables the server reads, and take their secrets from .env.example's names", () => {
    expect(ours.map(([name]) => name).sort()).toEqual(["api-1", "api-2", "migrate", "worker"]);
    for (const [name, service] of ours)
      for (const variable of Object.keys(service.environment ?? {}))
        expect(ENVIRONMENT_VARIABLES, `${name} sets ${variable}`).toContain(variable);
    for (const variable of Object.keys(imageEnv)) expect(ENVIRONMENT_VARIABLES).toContain(variable);
    const interpolated = [...read("compose.yaml").matchAll(/\$\{(\w+)/g)].map(([, name]) => name);
    expect(interpolated.length).toBeGreaterThan(0);
    for (const name of interpolated) expect(envExample).toMatch(new RegExp(`^${name}=`, "m"));
  });

  it("migrate once with the bundle's migrate entry before any instance or worker starts", () => {
    const build = read("scripts/build-api.mjs");
    const migrate = compose.services.migrate;
    expect(migrate?.command).toEqual(["node", "apps/api/dist/migrate.mjs"]);
    expect(build).toMatch(/entryPoints: \{\s*server: [^}]*,\s*migrate: path\.join\(api, "src\/cli\/migrate\.ts"\)/);
    expect(runtimeStage).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/api\/dist\/server\.mjs"\]$/m);
    for (const [name, service] of ours.filter(([, service]) => roleOf(service) !== undefined))
      expect(service.depends_on, name).toMatchObject({ migrate: { condition: "service_completed_successfully" } });
    expect(ours.filter(([, service]) => roleOf(service) === "api")).toHaveLength(2);
    expect(ours.filter(([, service]) => roleOf(service) === "worker")).toHaveLength(1);
  });

  it("point the proxy at the API instances' port, replacing any X-Forwarded-For a client wrote, with TRUST_PROXY=1", () => {
    const port = imageEnv.PORT;
    expect(port).toBe("8080");
    const upstreams = [...nginx.matchAll(/^\s*server ([\w-]+):(\d+)/gm)].map(([, host, upstreamPort]) => ({
      host,
      port: upstreamPort,
    }));
    const apiServices = ours.filter(([, service]) => roleOf(service) === "api").map(([name]) => name);
    expect(upstreams.map((upstream) => upstream.host).sort()).toEqual(apiServices.sort());
    for (const upstream of upstreams) expect(upstream.port).toBe(port);
    for (const [, service] of ours) expect(service.environment?.PORT).toBeUndefined();
    // Replaced, not appended to: the one hop the API trusts is the address nginx saw.
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(nginx).not.toContain("$proxy_add_x_forwarded_for");
    for (const [, service] of ours) expect(service.environment?.TRUST_PROXY).toBe("1");
  });

  it("probe health where the code answers it, and run the image as a non-root user", async () => {
    // One role-aware check for every role: an API's /api/health, a worker's heartbeat on METRICS_PORT.
    expect(runtimeStage).toMatch(/^\s+CMD \["node", "apps\/api\/dist\/healthcheck\.mjs"\]$/m);
    expect(read("scripts/build-api.mjs")).toMatch(/healthcheck: path\.join\(api, "src\/cli\/healthcheck\.ts"\)/);
    const check = read("apps/api/src/cli/healthcheck.ts");
    expect(check).toContain('"/api/health"');
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    for (const [name, service] of ours) expect(service.healthcheck, `${name} keeps the image's check`).toBeUndefined();
    const metricsPort = imageEnv.METRICS_PORT;
    expect(compose.services.worker?.environment?.METRICS_PORT).toBe(metricsPort);
    expect(runtimeStage).toMatch(new RegExp(`^EXPOSE .*\\b${metricsPort}\\b`, "m"));
    expect(runtimeStage).toMatch(/^HEALTHCHECK /m);
    const user = /^USER (\S+)$/m.exec(runtimeStage)?.[1];
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
    expect(runtimeStage.indexOf(`USER ${user}`)).toBeLessThan(runtimeStage.indexOf("CMD "));
  });
});
