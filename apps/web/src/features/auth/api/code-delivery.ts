import { codeDelivery } from "@estaciona/contracts/endpoints/auth";
import type { CodeDeliveryAnswer } from "@estaciona/contracts/schemas/auth";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

/**
 * POST open/user/code-delivery (docs/decisions/0244): whether the code just sent reached the phone.
 * Asked quietly: a failed look-up only means the app keeps waiting, the driver is not told.
 */
export async function fetchCodeDelivery(phoneNumber: string): Promise<CodeDeliveryAnswer | null> {
  try {
    return await callEndpoint(codeDelivery, { body: { phone_number: phoneNumber } }, { handleErrors: false });
  } catch {
    return null;
  }
}
