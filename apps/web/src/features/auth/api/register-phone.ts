import { registerPhone as registerPhoneEndpoint } from "@estaciona/contracts/endpoints/auth";
import type { CODE_CHANNELS } from "@estaciona/contracts/schemas/auth";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { getHostConfig } from "../../../lib/host-config.ts";

export type CodeChannel = (typeof CODE_CHANNELS)[number];

/**
 * POST open/user (docs/product/calls-and-errors.md): registers the phone if new and sends the 6-digit code. With the
 * sandbox SMS provider the answer's `data` holds the code, which pre-fills the code field. `channel`: the one the
 * driver chose after the last code did not arrive (docs/decisions/0244).
 */
export async function registerPhone(phoneNumber: string, channel?: CodeChannel): Promise<string | null> {
  const code = await callEndpoint(registerPhoneEndpoint, {
    body: { phone_number: phoneNumber, domain: getHostConfig().domain, ...(channel ? { channel } : {}) },
  });
  return typeof code === "string" ? code : null;
}
