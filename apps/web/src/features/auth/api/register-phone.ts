import { registerPhone as registerPhoneEndpoint } from "@estaciona/contracts/endpoints/auth";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { getHostConfig } from "../../../lib/host-config.ts";

/**
 * POST open/user (docs/product/calls-and-errors.md): registers the phone if new and sends the 6-digit code. With the
 * sandbox SMS provider the answer's `data` holds the code, which pre-fills the code field.
 */
export async function registerPhone(phoneNumber: string): Promise<string | null> {
  const code = await callEndpoint(registerPhoneEndpoint, {
    body: { phone_number: phoneNumber, domain: getHostConfig().domain },
  });
  return typeof code === "string" ? code : null;
}
