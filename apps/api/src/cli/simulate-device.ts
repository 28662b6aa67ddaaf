/**
 * The device simulator (docs/product/parking.md): drive a demo lot from the terminal as a gate or camera would.
 *
 *   npm run simulate-device -- --setup
 *       signs in as the demo operator (sandbox SMS code) and registers a gate on the freeflow demo
 *       lot; prints the device key, which the server shows only this once.
 *   npm run simulate-device -- --device-key edk_… entry ABC123
 *   npm run simulate-device -- --device-key edk_… exit ABC123
 *       reports a plate entering or leaving, and prints the server's answer.
 *   npm run simulate-device -- --setup --kind meter
 *       registers a parking meter (or an officer's handheld) at the demo meter zone 100.
 *   npm run simulate-device -- --device-key edk_… check ABC123 [101]
 *       asks whether a plate is paid in the device's zone (or the zone of that sign code).
 *
 *   npm run simulate-device -- --setup --kind valet
 *       registers a valet stand at the first demo valet location instead.
 *   npm run simulate-device -- --device-key edk_… valet-open [PLATE] [--number A17] [--phone +52…]
 *       opens a ticket: prints its claim link (the ticket's QR), sent by SMS when --phone is given.
 *   npm run simulate-device -- --device-key edk_… valet-queue
 *   npm run simulate-device -- --device-key edk_… valet-ready <ticket uuid>
 *   npm run simulate-device -- --device-key edk_… valet-delivered <ticket uuid>
 *       the stand's queue of requested cars, a car brought to the stand, a car handed over.
 *   npm run simulate-device -- --device-key edk_… pass <event pass>
 *       a gate at a venue scans a driver's event pass (the text of its QR code).
 *
 * Options: --url (default http://localhost:8080), --location <uuid>, --device-id <id> and --kind
 * for --setup, --phone to sign in as another admin (or, with valet-open, the driver's phone). The
 * key can also come from ESTACIONA_DEVICE_KEY.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { DEMO_LOCATIONS, DEMO_OPERATOR, WEB_CLIENT } from "../seed/data.ts";

const FREEFLOW_DEMO_LOT = DEMO_LOCATIONS.find((location) => location.is_freeflow === 1);
const VALET_DEMO_STAND = DEMO_LOCATIONS.find((location) => location.kind === "valet");
const METER_DEMO_ZONE = DEMO_LOCATIONS.find((location) => location.kind === "meter");

type DeviceKind = "gate" | "valet" | "meter";
/** Where `--setup` registers a device of each kind when no `--location` is given. */
const DEMO_LOCATION_OF: Record<DeviceKind, (typeof DEMO_LOCATIONS)[number] | undefined> = {
  gate: FREEFLOW_DEMO_LOT,
  valet: VALET_DEMO_STAND,
  meter: METER_DEMO_ZONE,
};

const USAGE = `Usage:
  npm run simulate-device -- [--url http://localhost:8080] --setup [--kind gate|valet|meter] [--location <uuid>] [--device-id <id>] [--phone <+52…>]
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> entry <PLATE>
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> exit <PLATE>
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> valet-open [PLATE] [--number <n>] [--phone <+52…>]
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> valet-queue
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> valet-ready|valet-delivered <ticket uuid>
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> pass <event pass>
  npm run simulate-device -- [--url http://localhost:8080] --device-key <key> check <PLATE> [<ZONE CODE>]`;

/** A terminal command: its output is the product, written to stdout / stderr (not a log). */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

class SimulatorError extends Error {
  override name = "SimulatorError";
}

async function call(url: string, init: { method: string; headers?: Record<string, string>; body?: unknown }) {
  const response = await fetch(url, {
    method: init.method,
    // A body-less POST (a car ready, delivered) must not announce a JSON body it does not have.
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      "accept-language": "en",
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: keep the text for the message.
  }
  return { status: response.status, json };
}

function field(value: unknown, name: string): unknown {
  return value && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
}

/** Signs in like the app does: the sandbox SMS provider answers the code to the caller. */
async function signIn(baseUrl: string, phone: string): Promise<string> {
  const registered = await call(`${baseUrl}/api/open/user`, {
    method: "POST",
    body: { phone_number: phone, domain: "estaciona" },
  });
  const code = field(registered.json, "data");
  if (registered.status !== 200 || typeof code !== "string")
    throw new SimulatorError(
      `Could not get a sign-in code for ${phone} (${registered.status}); --setup needs the sandbox SMS provider. ${JSON.stringify(registered.json)}`,
    );
  const token = await call(`${baseUrl}/api/oauth/v2/token`, {
    method: "POST",
    body: {
      grant_type: "sms",
      client_id: WEB_CLIENT.client_id,
      client_secret: WEB_CLIENT.client_secret,
      phone_number: phone,
      code,
      domain: "estaciona",
    },
  });
  const accessToken = field(token.json, "access_token");
  if (token.status !== 200 || typeof accessToken !== "string")
    throw new SimulatorError(`Sign-in failed (${token.status}): ${JSON.stringify(token.json)}`);
  return accessToken;
}

async function setup(
  baseUrl: string,
  options: { kind: DeviceKind; location?: string; deviceId?: string; phone?: string },
) {
  const locationId = options.location ?? DEMO_LOCATION_OF[options.kind]?.id;
  if (!locationId)
    throw new SimulatorError(`No ${options.kind} demo location in the seed data; pass --location <uuid>.`);
  const accessToken = await signIn(baseUrl, options.phone ?? DEMO_OPERATOR.phone);
  const deviceId = options.deviceId ?? `demo-${options.kind}-${randomBytes(3).toString("hex")}`;
  const registered = await call(`${baseUrl}/api/admin/device`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
    body: { device_id: deviceId, location_uuid: locationId, kind: options.kind, direction: "both" },
  });
  if (registered.status !== 201)
    throw new SimulatorError(
      `Registering the device failed (${registered.status}): ${JSON.stringify(registered.json)}`,
    );
  const key = field(field(registered.json, "data"), "key");
  print(`Registered ${options.kind} "${deviceId}" at location ${locationId}.`);
  print(`Device key (shown only now): ${String(key)}`);
  if (options.kind === "valet") {
    print("\nOpen a ticket, then follow its claim link in the app:");
    print(`  npm run simulate-device -- --url ${baseUrl} --device-key ${String(key)} valet-open ABC123`);
    return;
  }
  print("\nTry it with a plate registered in the app:");
  const commands = options.kind === "meter" ? ["check ABC123", "check ABC123 101"] : ["entry ABC123", "exit ABC123"];
  for (const command of commands)
    print(`  npm run simulate-device -- --url ${baseUrl} --device-key ${String(key)} ${command}`);
}

/** An officer's check: paid or not in the zone, and until when. */
async function check(baseUrl: string, deviceKey: string, plate: string, zoneCode: string | undefined) {
  const answer = await call(`${baseUrl}/api/device/meter/check`, {
    method: "POST",
    headers: { "x-device-key": deviceKey },
    body: { plate, ...(zoneCode ? { zone_code: zoneCode } : {}) },
  });
  print(`check ${plate}${zoneCode ? ` in zone ${zoneCode}` : ""} → ${answer.status}`);
  print(JSON.stringify(answer.json, null, 2));
  if (answer.status >= 400) process.exitCode = 1;
}

async function report(baseUrl: string, deviceKey: string, direction: "entry" | "exit", plate: string) {
  const answer = await call(`${baseUrl}/api/device/${direction}`, {
    method: "POST",
    headers: { "x-device-key": deviceKey },
    body: { plate },
  });
  print(`${direction} ${plate} → ${answer.status}`);
  print(JSON.stringify(answer.json, null, 2));
  if (answer.status >= 400) process.exitCode = 1;
}

/** A valet stand's calls: open a ticket, read the queue, bring a car, hand it over. */
async function valet(
  baseUrl: string,
  deviceKey: string,
  command: string,
  argument: string | undefined,
  options: { number?: string; phone?: string },
) {
  const headers = { "x-device-key": deviceKey };
  const answer =
    command === "valet-open"
      ? await call(`${baseUrl}/api/device/valet/ticket`, {
          method: "POST",
          headers,
          body: {
            ...(argument ? { plate: argument } : {}),
            ...(options.number ? { number: options.number } : {}),
            ...(options.phone ? { phone_number: options.phone } : {}),
          },
        })
      : command === "valet-queue"
        ? await call(`${baseUrl}/api/device/valet/requests`, { method: "GET", headers })
        : await call(`${baseUrl}/api/device/valet/ticket/${argument ?? ""}/${command.slice("valet-".length)}`, {
            method: "POST",
            headers,
          });
  print(`${command}${argument ? ` ${argument}` : ""} → ${answer.status}`);
  print(JSON.stringify(answer.json, null, 2));
  if (answer.status >= 400) process.exitCode = 1;
}

const VALET_COMMANDS = ["valet-open", "valet-queue", "valet-ready", "valet-delivered"];

/** A venue's gate scans an event pass. */
async function scanPass(baseUrl: string, deviceKey: string, pass: string) {
  const answer = await call(`${baseUrl}/api/device/event/entry`, {
    method: "POST",
    headers: { "x-device-key": deviceKey },
    body: { pass },
  });
  print(`pass → ${answer.status}`);
  print(JSON.stringify(answer.json, null, 2));
  if (answer.status >= 400) process.exitCode = 1;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      url: { type: "string", default: "http://localhost:8080" },
      "device-key": { type: "string" },
      setup: { type: "boolean", default: false },
      kind: { type: "string", default: "gate" },
      location: { type: "string" },
      "device-id": { type: "string" },
      phone: { type: "string" },
      number: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const baseUrl = values.url.replace(/\/$/, "");
  if (values.help) {
    print(USAGE);
    return;
  }
  if (values.setup) {
    if (values.kind !== "gate" && values.kind !== "valet" && values.kind !== "meter") throw new SimulatorError(USAGE);
    await setup(baseUrl, {
      kind: values.kind,
      location: values.location,
      deviceId: values["device-id"],
      phone: values.phone,
    });
    return;
  }
  const [direction, plate, zoneCode] = positionals;
  const deviceKey = values["device-key"] ?? process.env.ESTACIONA_DEVICE_KEY;
  if (direction === "check" && plate && deviceKey) return check(baseUrl, deviceKey, plate, zoneCode);
  if (direction === "pass") {
    if (!deviceKey || !plate) throw new SimulatorError(USAGE);
    await scanPass(baseUrl, deviceKey, plate);
    return;
  }
  if (direction && VALET_COMMANDS.includes(direction)) {
    if (!deviceKey || (direction !== "valet-open" && direction !== "valet-queue" && !plate))
      throw new SimulatorError(USAGE);
    await valet(baseUrl, deviceKey, direction, plate, { number: values.number, phone: values.phone });
    return;
  }
  if ((direction !== "entry" && direction !== "exit") || !plate || !deviceKey) throw new SimulatorError(USAGE);
  await report(baseUrl, deviceKey, direction, plate);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof SimulatorError ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
