/**
 * The API's module rules (ARCHITECTURE.md "Feature modules", issue 22 item 3), as
 * apps/web/scripts/check-boundaries.ts holds the SPA's. `npm run lint` runs it; it exits 1 and
 * lists every breach.
 *
 * 1. A module reads another module through its public entry, never its queries: no import of
 *    another module's `repository.ts`, `*-repository.ts` or `repository/…`; a module that has an
 *    `index.ts` is reached through that file alone.
 * 2. The framework depends on no feature: `plugins/`, `lib/` and `db/` import nothing from `modules/`.
 * 3. Each module's declared `needs` (`modules: [...]` in its plugin.ts) are its real ones: every
 *    declared module is imported at run time, and every module it imports at run time is
 *    declared, apart from the floor (FLOOR), which every feature may use without declaring it.
 *
 * What breaks a rule today and is too large to fix at once is listed in ALLOWED with the reason
 * and the work that removes it; a listed import that is gone is reported so the list shrinks.
 */
import path from "node:path";
import { importsOf, readTree } from "../../web/scripts/check-boundaries.ts";

export interface Violation {
  file: string;
  message: string;
  /** "importer -> target": what ALLOWED names to let it through. */
  key: string;
}

/** Modules every feature may use without declaring them: read-only lookups and infrastructure, registered first. */
export const FLOOR: Record<string, string> = {
  hosts: "hosts and the origin of a link: read by every message and page",
  jobs: "the job queue: every module enqueues its own jobs",
  messaging: "sendOnce and the providers: every module sends its own messages",
  users: "the shared user lookups (findUserById, lockActiveUser)",
  operator: "the console's scope and audit log, read by every admin route of every domain",
  reminders:
    "the drivers' reminder schedule and extend links: notices of every domain use it, and sign-out, cards, suspension and deletion revoke its links",
};

const FRAMEWORK = ["plugins", "lib", "db"];

/** `modules/parking/visits/service.ts` → `parking`; null outside the modules. */
const moduleOf = (file: string): string | null => {
  const [top, name] = file.split("/");
  return top === "modules" && name && !name.endsWith(".ts") ? name : null;
};

const isRepository = (file: string) => {
  const parts = file.split("/");
  const name = parts[parts.length - 1] ?? "";
  return name === "repository.ts" || name.endsWith("-repository.ts") || parts.slice(2, -1).includes("repository");
};

const isTest = (file: string) => /\.test\.ts$/.test(file);

/** The modules a plugin.ts declares in `modules: [...]`. */
export function declaredNeeds(source: string): string[] {
  const list = /modules:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

/**
 * Every breach in a tree of `apps/api/src` (`sources` maps a path under src/ to its text), apart
 * from `allowed` ones ("importer -> target" → reason), and the allowed ones that no longer occur.
 */
export function checkApiBoundaries(
  sources: ReadonlyMap<string, string>,
  allowed: Record<string, string>,
  floor: Record<string, string> = FLOOR,
): { violations: Violation[]; stale: string[] } {
  const files = new Set(sources.keys());
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const realNeeds = new Map<string, Set<string>>();
  const report = (file: string, target: string, message: string) => {
    const key = `${file} -> ${target}`;
    if (key in allowed) seen.add(key);
    else violations.push({ file, message, key });
  };

  for (const [file, source] of [...sources].sort(([a], [b]) => a.localeCompare(b))) {
    if (isTest(file)) continue;
    const from = moduleOf(file);
    for (const { specifier, target, typeOnly, dynamic } of importsOf(file, source, files)) {
      if (target === null) continue;
      const to = moduleOf(target);
      if (!to || from === to) continue;
      if (!from) {
        if (FRAMEWORK.includes(file.split("/")[0] ?? ""))
          report(
            file,
            target,
            `imports ${specifier}: the framework (plugins/, lib/, db/) depends on no feature module`,
          );
        continue;
      }
      if (!typeOnly && !dynamic) realNeeds.set(from, (realNeeds.get(from) ?? new Set()).add(to));
      const entry = `modules/${to}/index.ts`;
      if (files.has(entry) && target !== entry)
        report(file, target, `imports ${specifier}: ${to} is reached through its public entry, ${entry}`);
      else if (isRepository(target))
        report(
          file,
          target,
          `imports ${specifier}: another module's queries are read through its entry (index.ts or its service), never its repository`,
        );
    }
  }

  for (const file of [...files].sort()) {
    const name = moduleOf(file);
    if (!name || file !== `modules/${name}/plugin.ts`) continue;
    const declared = declaredNeeds(sources.get(file) ?? "");
    const real = realNeeds.get(name) ?? new Set<string>();
    for (const need of declared)
      if (!real.has(need)) report(file, `modules/${need}`, `declares it needs ${need} but imports nothing from it`);
    for (const need of [...real].sort())
      if (!declared.includes(need) && !(need in floor))
        report(file, `modules/${need}`, `imports ${need} at run time but does not declare it in its needs`);
  }

  const stale = Object.keys(allowed)
    .filter((key) => !seen.has(key))
    .sort()
    .map((key) => `${key}: allowed in apps/api/scripts/check-boundaries.ts but no longer breaks a rule: take it off`);
  return { violations, stale };
}

function main() {
  const root = path.resolve(import.meta.dirname, "../src");
  const { violations, stale } = checkApiBoundaries(readTree(root), ALLOWED);
  for (const warning of stale) process.stderr.write(`warning: ${warning}\n`);
  for (const { file, message } of violations) process.stderr.write(`apps/api/src/${file}: ${message}\n`);
  if (violations.length > 0) {
    process.stderr.write(`${violations.length} API module rule(s) broken (apps/api/scripts/check-boundaries.ts)\n`);
    process.exit(1);
  }
  process.stdout.write("API module rules: entries, framework and declared needs are in order.\n");
}

/** Why each listed breach is still there, and the work that removes it. */
const WHY = {
  userView:
    "user/view answers the profile with its vehicles, read from vehicles' queries; users is registered before vehicles: to move the view's vehicle list behind an interface vehicles registers",
  userLookups:
    "the shared user lookups (ARCHITECTURE.md): to be read through users' entry (users/index.ts) once the importers are free to change",
  parkingLookups:
    "parking's location, vehicle, visit and device lookups: to be read through parking's entry (parking/index.ts)",
  paymentLookups:
    "payments' charge and card lookups: to be read through payments/service.ts, as findCardToCharge now is",
  hostLookups: "the host table's lookups: to be read through hosts/service.ts",
  subscriptionLookups:
    "pass periods' and plans' rows read by invoicing and the home: to be read through subscriptions' entry, now that its split has landed",
  guards:
    "plugins/authenticate.ts loads the operator's scope and the device for the admin/ and device/ guards: to become guards those modules register through the plugin's interface (issue 22 item 3)",
  idempotency:
    "route() keeps the Idempotency-Key rule of payments/idempotency.ts: to be registered by payments through route()'s interface (issue 22 item 3)",
  hostPage:
    "the web plugin injects the host's config into index.html: to take it through an interface hosts registers (issue 22 item 3)",
  vehicleChecks:
    "vehicles asks parking and subscriptions, at request time, whether a plate is in use; it is registered before them, so the need is declared once the order changes",
  invoicingOrder:
    "invoicing reads pass periods at request time and is registered before subscriptions (helper providers2 owns invoicing): declared once the order changes",
  paymentLineOrder:
    "invoicing words each payment through receipts' one registry of payable kinds, at request time; receipts is registered after them, so the need is declared once the order changes",
  frameworkMetrics:
    "the metrics plugin reads the worker's heartbeat and wraps the gateways' calls: to take both through interfaces jobs and payments register (issue 22 item 3)",
};

/** The breaches of today too large to fix at once ("importer -> target" → why), each to go with the work named. */
export const ALLOWED: Record<string, string> = Object.fromEntries(
  Object.entries({
    userView: [
      "modules/users/plugin.ts -> modules/vehicles",
      "modules/users/service.ts -> modules/vehicles/repository.ts",
    ],
    userLookups: [
      "modules/auth/service.ts -> modules/users/repository.ts",
      "modules/contact/service.ts -> modules/users/repository.ts",
      "modules/events/cancellation.ts -> modules/users/repository.ts",
      "modules/invoicing/issuing.ts -> modules/users/repository.ts",
      "modules/invoicing/tax-profiles.ts -> modules/users/repository.ts",
      "modules/operator/drivers.ts -> modules/users/repository.ts",
      "modules/operator/team.ts -> modules/users/repository.ts",
      "modules/parking/devices/service.ts -> modules/users/repository.ts",
      "modules/parking/visits/messages.ts -> modules/users/repository.ts",
      "modules/payments/card-saving.ts -> modules/users/repository.ts",
      "modules/payments/service.ts -> modules/users/repository.ts",
      "modules/subscriptions/messages.ts -> modules/users/repository.ts",
      "modules/valet/messages.ts -> modules/users/repository.ts",
      "modules/vehicles/service.ts -> modules/users/repository.ts",
    ],
    parkingLookups: [
      "modules/contact/service.ts -> modules/parking/visits/repository.ts",
      "modules/events/console.ts -> modules/parking/locations/repository.ts",
      "modules/events/gate.ts -> modules/parking/visits/repository.ts",
      "modules/events/presenter.ts -> modules/parking/locations/repository.ts",
      "modules/events/presenter.ts -> modules/parking/visits/repository.ts",
      "modules/events/purchase.ts -> modules/parking/locations/repository.ts",
      "modules/events/purchase.ts -> modules/parking/visits/repository.ts",
      "modules/events/receipt.ts -> modules/parking/visits/repository.ts",
      "modules/events/service.ts -> modules/parking/locations/repository.ts",
      "modules/invoicing/issuing.ts -> modules/parking/locations/repository.ts",
      "modules/operator/devices.ts -> modules/parking/devices/repository.ts",
      "modules/operator/scope.ts -> modules/parking/locations/repository.ts",
      "modules/receipts/service.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/billing.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/billing.ts -> modules/parking/visits/repository.ts",
      "modules/subscriptions/messages.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/messages.ts -> modules/parking/visits/repository.ts",
      "modules/subscriptions/passes.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/plans.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/presenter.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/presenter.ts -> modules/parking/visits/repository.ts",
      "modules/subscriptions/promo-codes.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/purchase.ts -> modules/parking/locations/repository.ts",
      "modules/subscriptions/purchase.ts -> modules/parking/visits/repository.ts",
      "modules/subscriptions/receipt.ts -> modules/parking/visits/repository.ts",
      "modules/valet/messages.ts -> modules/parking/locations/repository.ts",
      "modules/valet/payment.ts -> modules/parking/locations/repository.ts",
      "modules/valet/presenter.ts -> modules/parking/locations/repository.ts",
      "modules/valet/presenter.ts -> modules/parking/visits/repository.ts",
      "modules/valet/service.ts -> modules/parking/locations/repository.ts",
    ],
    paymentLookups: [
      "modules/receipts/service.ts -> modules/payments/repository.ts",
      "modules/subscriptions/billing.ts -> modules/payments/repository.ts",
      "modules/subscriptions/messages.ts -> modules/payments/repository.ts",
      "modules/subscriptions/passes.ts -> modules/payments/repository.ts",
      "modules/subscriptions/purchase.ts -> modules/payments/repository.ts",
    ],
    hostLookups: [
      "modules/contact/service.ts -> modules/hosts/repository.ts",
      "modules/operator/platform.ts -> modules/hosts/repository.ts",
    ],
    subscriptionLookups: [
      "modules/home/service.ts -> modules/subscriptions/repository/plans.ts",
      "modules/invoicing/repository.ts -> modules/subscriptions/repository/periods.ts",
    ],
    guards: [
      "plugins/authenticate.ts -> modules/operator/scope.ts",
      "plugins/authenticate.ts -> modules/parking/devices/service.ts",
    ],
    idempotency: ["plugins/endpoints.ts -> modules/payments/idempotency.ts"],
    hostPage: ["plugins/web.ts -> modules/hosts/service.ts"],
    vehicleChecks: [
      "modules/vehicles/plugin.ts -> modules/parking",
      "modules/vehicles/plugin.ts -> modules/subscriptions",
    ],
    invoicingOrder: ["modules/invoicing/plugin.ts -> modules/subscriptions"],
    paymentLineOrder: ["modules/invoicing/plugin.ts -> modules/receipts"],
    frameworkMetrics: [
      "plugins/metrics.ts -> modules/jobs/worker.ts",
      "plugins/provider-calls.ts -> modules/payments/gateway.ts",
    ],
  } satisfies Record<keyof typeof WHY, string[]>).flatMap(([why, keys]) =>
    keys.map((key) => [key, WHY[why as keyof typeof WHY]]),
  ),
);

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) main();
