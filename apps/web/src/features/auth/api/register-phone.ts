import { api } from "../../../lib/api-client.ts";
import { getHostConfig } from "../../../lib/host-config.ts";

/**
 * POST open/user (spec §7): registers the phone if new and sends the 6-digit code. With the
 * sandbox SMS provider the answer's `data` holds the code, which pre-fills the code field.
 */
export async function registerPhone(phoneNumber: string): Promise<string | null> {
  const answer = await api.post<{ data: string | null }>("open/user", {
    phone_number: phoneNumber,
    domain: getHostConfig().domain,
  });
  return typeof answer?.data === "string" ? answer.data : null;
}
