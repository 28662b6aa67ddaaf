import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { EmailProvider, SmsProvider } from "./modules/messaging/providers.ts";
import { createSandboxEmail, createSandboxSms } from "./modules/messaging/sandbox.ts";
import { createSmtpEmail } from "./modules/messaging/smtp.ts";
import { createTwilioSms } from "./modules/messaging/twilio.ts";
import { createConektaGateway } from "./modules/payments/conekta.ts";
import type { PaymentGateways } from "./modules/payments/gateway.ts";
import { createNetpayGateway } from "./modules/payments/netpay.ts";
import { createNmiGateway } from "./modules/payments/nmi.ts";
import { createSandboxGateway } from "./modules/payments/sandbox/gateway.ts";

/** The outside world, chosen by configuration: sandboxes by default, real adapters with credentials. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
  /** Card gateways by slot (DESIGN §6); the sandbox stands in for each one without credentials. */
  payments: PaymentGateways;
}

export function createProviders(config: Config, db: Db, log: FastifyBaseLogger): Providers {
  return {
    sms: config.sms.provider === "twilio" ? createTwilioSms(config.sms.twilio, db, log) : createSandboxSms(db, log),
    email: config.email.provider === "smtp" ? createSmtpEmail(config.email, db, log) : createSandboxEmail(db),
    payments: createPaymentGateways(config, db),
  };
}

function createPaymentGateways(config: Config, db: Db): PaymentGateways {
  const { conekta, nmi, netpay } = config.payments;
  return {
    mx: conekta ? createConektaGateway(conekta) : createSandboxGateway({ db, shape: "conekta" }),
    us: nmi ? createNmiGateway(nmi) : createSandboxGateway({ db, shape: "nmi" }),
    netpay: netpay ? createNetpayGateway(netpay) : createSandboxGateway({ db, shape: "netpay" }),
  };
}
