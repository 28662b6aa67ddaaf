import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import { createFacturapiIssuer } from "./modules/invoicing/facturapi.ts";
import type { InvoiceProvider } from "./modules/invoicing/provider.ts";
import { createSandboxIssuer } from "./modules/invoicing/sandbox-issuer.ts";
import type { EmailProvider, SmsProvider } from "./modules/messaging/providers.ts";
import { createSandboxEmail, createSandboxSms } from "./modules/messaging/sandbox.ts";
import { createSmtpEmail } from "./modules/messaging/smtp.ts";
import { createTwilioSms } from "./modules/messaging/twilio.ts";
import { createConektaGateway } from "./modules/payments/conekta.ts";
import {
  type GatewayName,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentGateways,
} from "./modules/payments/gateway.ts";
import { createNetpayGateway } from "./modules/payments/netpay.ts";
import { createNmiGateway } from "./modules/payments/nmi.ts";
import { withSandboxReferences } from "./modules/payments/references/sandbox.ts";
import { createSandboxGateway } from "./modules/payments/sandbox/gateway.ts";

/** The outside world, chosen by configuration: sandboxes by default, real adapters with credentials. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  /** Card gateways by slot (docs/product/money.md); the sandbox stands in for each one without credentials. */
  payments: PaymentGateways;
  /** CFDI issuing (docs/product/invoicing-account-contact.md): Facturapi with its key, else the sandbox issuer (unstamped XML and PDF). */
  invoicing: InvoiceProvider;
}

export function createProviders(config: Config, db: Db, log: FastifyBaseLogger): Providers {
  return {
    sms: config.sms.provider === "twilio" ? createTwilioSms(config.sms.twilio, db, log) : createSandboxSms(db, log),
    email: config.email.provider === "smtp" ? createSmtpEmail(config.email, db, log) : createSandboxEmail(db),
    payments: createPaymentGateways(config, db),
    invoicing: config.invoicing.facturapi ? createFacturapiIssuer(config.invoicing.facturapi) : createSandboxIssuer(),
  };
}

/**
 * Each slot is the real gateway when configured. Without credentials it is the sandbox — except
 * in production, where a fake card must never be accepted: there the slot is unavailable (its
 * card form shows as unavailable and every call answers "provider unavailable").
 */
function createPaymentGateways(config: Config, db: Db): PaymentGateways {
  const { conekta, nmi, netpay } = config.payments;
  const standIn = (shape: Exclude<GatewayName, "sandbox">) =>
    config.production
      ? unavailableGateway(shape)
      : withSandboxReferences(createSandboxGateway({ db, shape, sendsWebhooks: true }), db);
  return {
    mx: conekta ? createConektaGateway(conekta) : standIn("conekta"),
    us: nmi ? createNmiGateway(nmi) : standIn("nmi"),
    netpay: netpay ? createNetpayGateway(netpay) : standIn("netpay"),
  };
}

function unavailableGateway(name: Exclude<GatewayName, "sandbox">): PaymentGateway {
  const refuse = async (): Promise<never> => {
    throw new GatewayUnavailableError(name, "not configured in this deployment");
  };
  return {
    name,
    cardFormConfig: () => ({ provider: name, publicKey: null, scriptUrl: null, frameUrl: null }),
    saveCard: refuse,
    deleteCard: refuse,
    charge: refuse,
    refund: refuse,
    findCharge: refuse,
    findRefund: refuse,
  };
}
