import path from "node:path";
import { describe, expect, it } from "vitest";
import { paths } from "../src/config/paths.ts";
import { checkBoundaries, readTree } from "./check-boundaries.ts";

const routePaths = Object.values(paths).flatMap((route) => [route.path, ...("alias" in route ? [route.alias] : [])]);

/** The messages for a small tree of modules (path under src → source). */
const breaches = (tree: Record<string, string>) =>
  checkBoundaries(new Map(Object.entries(tree)), routePaths).map(({ file, message }) => `${file}: ${message}`);

const visitsEntry = {
  "features/visits/index.ts": 'export { PayPanel } from "./components/pay-panel.tsx";',
  "features/visits/components/pay-panel.tsx": "export const PayPanel = () => null;",
};

describe("the SPA's module rules (npm run lint)", () => {
  // Reads and parses every source file: seconds on a loaded machine, not the 5 s default.
  it("hold for the tree as it is", { timeout: 30_000 }, () => {
    const tree = readTree(path.resolve(import.meta.dirname, "../src"));
    expect(tree.size).toBeGreaterThan(100);
    expect(checkBoundaries(tree, routePaths)).toEqual([]);
  });

  it("let a feature use another through its public entry", () => {
    expect(
      breaches({
        ...visitsEntry,
        "features/checkout/routes/checkout.tsx": 'import { PayPanel } from "../../visits/index.ts";',
      }),
    ).toEqual([]);
  });

  it("refuse a feature reaching into another's internals", () => {
    expect(
      breaches({
        ...visitsEntry,
        "features/checkout/routes/checkout.tsx": 'import { PayPanel } from "../../visits/components/pay-panel.tsx";',
      }),
    ).toEqual([
      "features/checkout/routes/checkout.tsx: imports ../../visits/components/pay-panel.tsx: another feature is used through its public entry, features/visits/index.ts",
    ]);
  });

  it("count type-only and lazy imports as uses of the other feature too", () => {
    expect(
      breaches({
        ...visitsEntry,
        "features/checkout/a.ts": 'import type { X } from "../visits/components/pay-panel.tsx";',
        "features/checkout/b.ts": 'const load = () => import("../visits/components/pay-panel.tsx");',
      }),
    ).toHaveLength(2);
  });

  it("let a test use another feature's testing helpers, but not production code", () => {
    const tree = {
      "features/payments/testing/api-fake.tsx": "export const fakeApi = () => null;",
      "features/auth/components/step.test.tsx": 'import { fakeApi } from "../../payments/testing/api-fake.tsx";',
      "features/auth/components/step.tsx": 'import { fakeApi } from "../../payments/testing/api-fake.tsx";',
    };
    expect(breaches(tree)).toEqual([
      "features/auth/components/step.tsx: imports ../../payments/testing/api-fake.tsx: another feature is used through its public entry, features/payments/index.ts",
    ]);
  });

  it("keep features out of the shared layers, but let the router reach the screens", () => {
    expect(
      breaches({
        ...visitsEntry,
        "features/visits/routes/visits.tsx": "export default () => null;",
        "app/router.tsx": 'const screen = () => import("../features/visits/routes/visits.tsx");',
        "components/layout/app-shell.tsx": 'const screen = () => import("../../features/visits/routes/visits.tsx");',
        "lib/session.ts": 'import { PayPanel } from "../features/visits/index.ts";',
        "app/root-layout.tsx": 'import { PayPanel } from "../features/visits/components/pay-panel.tsx";',
      }),
    ).toEqual([
      "app/root-layout.tsx: imports ../features/visits/components/pay-panel.tsx: the shared layers import no feature (only app/router.tsx and app/start.tsx import screens)",
      "components/layout/app-shell.tsx: imports ../../features/visits/routes/visits.tsx: the shared layers import no feature (only app/router.tsx and app/start.tsx import screens)",
      "lib/session.ts: imports ../features/visits/index.ts: the shared layers import no feature (only app/router.tsx and app/start.tsx import screens)",
    ]);
  });

  it("keep the router's exception to screens", () => {
    expect(
      breaches({ ...visitsEntry, "app/router.tsx": 'import { PayPanel } from "../features/visits/index.ts";' }),
    ).toHaveLength(1);
  });

  it("keep components, config and lib from importing app/", () => {
    expect(
      breaches({
        "app/guard.ts": "export const guard = 1;",
        "components/page.tsx": 'import { guard } from "../app/guard.ts";',
      }),
    ).toEqual(["components/page.tsx: imports ../app/guard.ts: components, config and lib import nothing from app/"]);
  });

  it("refuse features that import each other, even through their public entries", () => {
    expect(
      breaches({
        "features/locations/index.ts": 'export { Map } from "./map.tsx";',
        "features/locations/map.tsx": 'import { VisitList } from "../visits/index.ts";\nexport const Map = VisitList;',
        "features/visits/index.ts": 'export { VisitList } from "./list.tsx";',
        "features/visits/list.tsx": 'import { Map } from "../locations/index.ts";\nexport const VisitList = Map;',
      }),
    ).toContain("features/locations: features import each other in a cycle: locations → visits");
  });

  it("refuse modules that import each other at run time, not through types or import()", () => {
    const tree = (aImportsB: string) => ({
      "lib/a.ts": `${aImportsB}\nexport const a = 1;`,
      "lib/b.ts": 'import { a } from "./a.ts";\nexport const b = a;',
    });
    expect(breaches(tree('import { b } from "./b.ts";'))).toEqual([
      "lib/a.ts: modules import each other in a cycle: lib/a.ts → lib/b.ts",
    ]);
    expect(breaches(tree('import type { b } from "./b.ts";'))).toEqual([]);
    expect(breaches(tree('const load = () => import("./b.ts");'))).toEqual([]);
  });

  it("refuse a link written by hand outside config/paths.ts and tests", () => {
    expect(
      breaches({
        "features/payments/routes/three-ds.tsx": 'const back = "/pagos";',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a module that builds a link by hand.
        "features/visits/list.tsx": "const to = (uuid: string) => `/visita/${uuid}`;",
        "lib/api-client.ts": 'const a = "/api/user/view"; const b = "/themes/isisa/logo.svg"; const c = "/pagosfacil";',
        "features/visits/list.test.tsx": 'expect(link).toHaveAttribute("href", "/visita/1");',
      }),
    ).toEqual([
      'features/payments/routes/three-ds.tsx: writes the link "/pagos" by hand: build it with pathTo() from config/paths.ts',
      'features/visits/list.tsx: writes the link "/visita/" by hand: build it with pathTo() from config/paths.ts',
    ]);
  });

  it("refuse an API call written by hand", () => {
    expect(
      breaches({
        "lib/api-client.ts": "export async function apiRequest() {}",
        "features/visits/pay.ts": 'import { apiRequest } from "../../lib/api-client.ts";',
        "lib/endpoint-client.ts": 'import { apiRequest } from "./api-client.ts";',
      }),
    ).toEqual([
      "features/visits/pay.ts: calls the API by hand (apiRequest): call an endpoint of @estaciona/contracts/endpoints with callEndpoint",
    ]);
  });
});
