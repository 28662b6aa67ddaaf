import { randomBytes } from "node:crypto";

/** Tokens are single-use and expire like Conekta's (10 minutes). */
export const SANDBOX_TOKEN_TTL_SECONDS = 600;

export const sandboxId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("base64url")}`;
/** Whether text has the shape of a sandbox id of this kind (checked before any lookup: PostgreSQL refuses a NUL). */
export const isSandboxId = (prefix: string, value: string): boolean =>
  value.startsWith(`${prefix}_`) && /^[A-Za-z0-9_-]{16}$/.test(value.slice(prefix.length + 1));
