import type { EndpointBody } from "@estaciona/contracts/endpoint";
import * as endpoints from "@estaciona/contracts/endpoints/contact";
import type { ContactReceipt } from "@estaciona/contracts/schemas/contact";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

export const sendContactMessage = (body: EndpointBody<typeof endpoints.sendContactMessage>): Promise<ContactReceipt> =>
  callEndpoint(endpoints.sendContactMessage, { body });
