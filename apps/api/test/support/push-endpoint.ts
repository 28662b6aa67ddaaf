import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, globalAgent, type Server } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

/** http_ece: the RFC 8188 / RFC 8291 implementation `web-push` encrypts with, used here to decrypt. */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A browser's subscription: the keys a push is encrypted to, kept here to decrypt it. */
export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The payload as the service worker would read it (RFC 8291 decryption). */
  read(push: ReceivedPush): unknown;
}

/** A self-signed certificate for 127.0.0.1, made for these tests only (push services speak HTTPS only, and so does `web-push`). */
const tls = {
  cert: readFileSync(new URL("./fixtures/push-service.cert.pem", import.meta.url)),
  key: readFileSync(new URL("./fixtures/push-service.key.pem", import.meta.url)),
};

/**
 * A push service on loopback (no real one is reachable here): it takes RFC 8030 pushes over
 * HTTPS, keeps them, and answers 201, or what `answer` says for a path (410 for a revoked
 * subscription), after `delayMs` so two senders can overlap. The process's HTTPS agent trusts its
 * certificate until `close`.
 */
export async function startPushEndpoint() {
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = tls.cert;
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  let delayMs = 0;
  const server: Server = createServer(tls, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      setTimeout(() => {
        response.statusCode = answers.get(path) ?? 201;
        response.end();
      }, delayMs);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let devices = 0;
  return {
    origin,
    received,
    answer: (path: string, status: number) => answers.set(path, status),
    slow: (ms: number) => {
      delayMs = ms;
    },
    /** A new browser install's subscription at this push service. */
    device(): TestDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      const path = `/push/device-${++devices}`;
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
        read: (push) =>
          JSON.parse(ece.decrypt(push.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString()),
      };
    },
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          globalAgent.options.ca = trusted;
          resolve();
        }),
      ),
  };
}

export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;

/**
 * Checks a push's VAPID header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the key ours, the JWT
 * signed by it (ES256) for the push service's origin, expiring within a day. Answers its claims.
 */
export function vapidClaims(push: ReceivedPush, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
  if (!match?.[1] || match[2] !== publicKey) throw new Error(`not our VAPID header: ${push.headers.authorization}`);
  const [header, claims, signature] = match[1].split(".") as [string, string, string];
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID JWT is not signed by our key");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`the JWT is for ${body.aud}`);
  if (body.exp * 1000 > Date.now() + 24 * 3600_000 || body.exp * 1000 < Date.now())
    throw new Error("the JWT's expiry is out of range");
  return body;
}
