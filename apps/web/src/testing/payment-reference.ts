import type { PaymentReference } from "@estaciona/contracts/schemas/references";

/**
 * An OXXO reference as `GET user/reference/{payment}` answers it (docs/decisions/0280), for a pass's
 * period: $1,796.43 MXN, number 93000000000001; `over` changes what a test is about.
 */
export const oxxoReference = (over: Partial<PaymentReference> = {}): PaymentReference => ({
  payment_uuid: "5e0c1d2e-0000-4000-8000-000000000330",
  rail: "oxxo",
  status: "awaiting",
  amount: 179643,
  currency: "mxn",
  number: "93000000000001",
  barcode_url: null,
  bank: null,
  expires_at: "2027-02-01T18:00:00.000Z",
  time_zone: "America/Monterrey",
  product: "subscription_period",
  description: "Pensión mensual",
  sandbox_url: null,
  ...over,
});
