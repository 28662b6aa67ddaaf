/** The vehicles feature's public entry: what other features may use of it (ARCHITECTURE.md, "The SPA"). */
export { createVehicle, vehiclesKey, vehiclesQuery } from "./api/vehicles.ts";
export { VehicleForm } from "./components/vehicle-form.tsx";
