import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.ts";
import type { Db } from "./db/database.ts";
import type { EmailProvider, SmsProvider } from "./modules/messaging/providers.ts";
import { createSandboxEmail, createSandboxSms } from "./modules/messaging/sandbox.ts";

/** The outside world, chosen by configuration: sandboxes by default, real adapters with credentials. */
export interface Providers {
  sms: SmsProvider;
  email: EmailProvider;
}

export function createProviders(config: Config, db: Db, log: FastifyBaseLogger): Providers {
  return {
    sms: config.sms.provider === "sandbox" ? createSandboxSms(db, log) : createSandboxSms(db, log),
    email: config.email.provider === "sandbox" ? createSandboxEmail(db) : createSandboxEmail(db),
  };
}
