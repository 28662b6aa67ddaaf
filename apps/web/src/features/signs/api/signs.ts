import * as endpoints from "@estaciona/contracts/endpoints/verification";
import { callEndpoint } from "../../../lib/endpoint-client.ts";

/**
 * Whether a text (a scanned QR, or the landing's own address) is one of our hosts' signed place
 * links (docs/decisions/0287). Its failures (too many checks, no connection) are the screen's to
 * say, never the app's error dialog over the camera.
 */
export const checkSign = (text: string) =>
  callEndpoint(endpoints.checkSign, { body: { text } }, { handleErrors: false });

/** The landing's check, cached per address: a sign's answer does not change while the page is open. */
export const signCheckQuery = (text: string) => ({
  queryKey: ["open/sign/check", text] as const,
  queryFn: () => checkSign(text),
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
});
