import { defineEndpoint, schemasOf } from "../endpoint.ts";

/** Gates, cameras, meters and valet stands (docs/product/parking.md): registered by an admin, then calling with their key. */

const parking = () => import("../schemas/parking.ts");
const tag = "devices";

export const registerDevice = defineEndpoint({
  method: "POST",
  path: "/admin/device",
  auth: "admin",
  status: 201,
  errors: ["device_id_already_exists", "object_not_found"],
  tag,
  summary: "Register a gate, camera, meter or valet device; answers its key once",
  schemas: schemasOf(parking, (s) => ({ body: s.registerDeviceBody, response: s.registeredDevice })),
});

export const reportEntry = defineEndpoint({
  method: "POST",
  path: "/device/entry",
  auth: "device",
  errors: ["forbidden_access", "invalid_location_type", "vehicle_not_found", "vehicle_with_active_visit"],
  tag,
  summary: "A device saw a plate entering: opens a visit for the registered vehicle",
  schemas: schemasOf(parking, (s) => ({ body: s.deviceEventBody, response: s.deviceEventResult })),
});

export const reportExit = defineEndpoint({
  method: "POST",
  path: "/device/exit",
  auth: "device",
  errors: ["invalid_payment", "object_not_found", "vehicle_not_found"],
  tag,
  summary: "A device saw a plate leaving: charges a freeflow stay, or checks a gated one is paid",
  schemas: schemasOf(parking, (s) => ({ body: s.deviceEventBody, response: s.deviceEventResult })),
});
