import type { Country } from "@estaciona/contracts";
import * as payments from "@estaciona/contracts/endpoints/payments";
import * as endpoints from "@estaciona/contracts/endpoints/wallets";
import type { WalletPaymentBody, WalletPaymentMethod } from "@estaciona/contracts/schemas/wallet";
import type { WalletKind } from "@estaciona/contracts/wallets";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointQuery, optionalEndpointQuery } from "../../../lib/endpoint-query.ts";

/** The call's input for a country's default gateway, shared by both readings below. */
const defaultGatewayOf = (country: Country) => ({ query: { country, gateway: "default" as const } });

/** The country's gateway: which wallets it takes and whether it is the sandbox (`GET user/payment/config`). */
export const gatewayConfigQuery = (country: Country) =>
  endpointQuery(payments.getCardFormConfig, defaultGatewayOf(country));

/**
 * What the wallet buttons decide from, read before a pay panel shows its controls (WalletPay waits
 * for it): the gateway's configuration, or null when it cannot be read (then no wallet is offered).
 */
export const walletConfigQuery = (country: Country) =>
  optionalEndpointQuery(payments.getCardFormConfig, defaultGatewayOf(country), null, "wallets");

/** A wallet's single-use token as a one-off method for the pay call; its failures are the sheet's to show. */
export const createWalletPayment = (body: WalletPaymentBody): Promise<WalletPaymentMethod> =>
  callEndpoint(endpoints.createWalletPayment, { body }, { handleErrors: false });

export interface SandboxWalletToken {
  id: string;
  wallet: WalletKind;
  card: { brand: "visa" | "mastercard"; last4: string };
}

/**
 * What the sandbox's sheet does on "Pay": its wallet hands over a single-use token of the chosen
 * test card (`POST /sandbox/v1/wallet-tokens`, served with the sandbox's pages on the API's origin).
 */
export async function mintSandboxWalletToken(wallet: WalletKind, number: string): Promise<SandboxWalletToken> {
  const answer = await fetch("/sandbox/v1/wallet-tokens", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ wallet, number }),
  });
  if (!answer.ok) throw new Error(`sandbox wallet answered ${answer.status}`);
  return (await answer.json()) as SandboxWalletToken;
}
