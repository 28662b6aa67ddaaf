import type { User } from "@estaciona/contracts/schemas/user";

/** A signed-in driver as `GET user/view` answers it, for component tests of any feature. */
export const driver = (overrides: Partial<User> = {}): User => ({
  uuid: "7f1f4a40-8a0c-4a43-9d1c-6f3f2b1d0a11",
  first_name: "Ana",
  last_name: "López",
  email: "ana@example.com",
  email_verified: true,
  phone: "+528112345678",
  student_id: null,
  locale: "en",
  role: "driver",
  vehicles: [],
  payment_methods_mx: false,
  payment_methods_us: false,
  free_flow_activation: null,
  ...overrides,
});
