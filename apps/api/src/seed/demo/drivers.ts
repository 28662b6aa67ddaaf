/** Demo data (only with SEED_DEMO): a driver with a paid stay, for the console to find and refund. */
import type { NewRow } from "../../db/schema.ts";
import type { Seed } from "../reference.ts";
import { DEMO_OPERATOR } from "./operators.ts";

/** A driver with a paid two-hour stay at Fundidora yesterday: something to find, see and refund in the console. */
export const DEMO_DRIVER: Seed<NewRow<"users">> = {
  ...DEMO_OPERATOR,
  id: "4f6c1d2e-0000-4000-8000-0000000000d1",
  phone: "+528100000003",
  first_name: "Conductor",
  last_name: "Demo",
  email: null,
  email_verified_at: null,
  role: "driver",
};

export const DEMO_DRIVER_VEHICLE = {
  id: "4f6c1d2e-0000-4000-8000-0000000000e1",
  user_id: DEMO_DRIVER.id,
  plate: "DEMO123",
  state: "Nuevo León",
  country: "mx",
  brand: "Nissan",
  model: "Versa",
  year: 2022,
  color: "Gris",
} as const;

export const DEMO_PAID_STAY = {
  visitId: "4f6c1d2e-0000-4000-8000-0000000000f1",
  paymentId: "4f6c1d2e-0000-4000-8000-0000000000f2",
  sandboxCustomerId: "cus_demo_driver",
  sandboxCardId: "src_demo_driver",
  sandboxChargeId: "ch_demo_paid_stay",
  minutes: 120,
} as const;
