/** Demo data (only with SEED_DEMO): an event series and events at the demo venues. */
import type { NewRow } from "../../db/schema.ts";
import { PLATFORM_ORGANISATION, type Seed } from "../reference.ts";

/** The demo event series with a named landing (docs/product/screens-and-routes.md `/evento/peninsula`). */
export const DEMO_EVENT_SERIES = {
  id: "7d1e5a10-0000-4000-8000-000000000301",
  organisation_id: PLATFORM_ORGANISATION.id,
  slug: "peninsula",
  name: "Festival Península",
  description: "Música, comida y cultura junto al Parque Fundidora. Compra tu estacionamiento antes de llegar.",
};

const DAY_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Demo events at the Arena Monterrey (two of them the Península series) and the Moody Center in
 * Austin, dated from the first start of the demo: on sale now, the first one starting in two
 * hours (its gate already admits passes), the others within days.
 */
export function demoEvents(now: number): Seed<NewRow<"events">>[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const nextHour = Math.ceil(now / HOUR_MS) * HOUR_MS;
  const event = (
    id: string,
    fields: Pick<NewRow<"events">, "location_id" | "series_id" | "name" | "description" | "places">,
    starts: number,
    hours: number,
    amount: { suggested: number; editable: boolean; min: number; max: number },
  ): Seed<NewRow<"events">> => {
    return {
      id,
      ...fields,
      starts_at: iso(starts),
      ends_at: iso(starts + hours * HOUR_MS),
      suggested_amount: amount.suggested,
      amount_editable: amount.editable ? 1 : 0,
      min_amount: amount.min,
      max_amount: amount.max,
      sales_open_at: iso(today - DAY_MS),
      sales_close_at: iso(starts + hours * HOUR_MS - HOUR_MS),
      status: "scheduled",
      cancelled_at: null,
    };
  };
  const arena = "7d1e5a10-0000-4000-8000-000000000105";
  const moody = "7d1e5a10-0000-4000-8000-000000000202";
  const peninsulaDay1 = nextHour + 2 * HOUR_MS;
  // Evenings: 02:00 UTC is 20:00 in Monterrey, 01:00 UTC is 19:00 in Austin.
  return [
    event(
      "7d1e5a10-0000-4000-8000-000000000311",
      {
        location_id: arena,
        series_id: DEMO_EVENT_SERIES.id,
        name: "Festival Península · Día 1",
        description: "Escenario principal. Estacionamiento en el lote norte de la Arena.",
        places: 400,
      },
      peninsulaDay1,
      6,
      { suggested: 15000, editable: true, min: 10000, max: 50000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000312",
      {
        location_id: arena,
        series_id: DEMO_EVENT_SERIES.id,
        name: "Festival Península · Día 2",
        description: "Escenario principal. Estacionamiento en el lote norte de la Arena.",
        places: 400,
      },
      peninsulaDay1 + DAY_MS,
      6,
      { suggested: 15000, editable: true, min: 10000, max: 50000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000313",
      {
        location_id: arena,
        series_id: null,
        name: "Rayados vs. Tigres · Clásico Regio (transmisión)",
        description: "Transmisión en pantalla gigante. Cupo limitado.",
        places: 150,
      },
      today + 3 * DAY_MS + 2 * HOUR_MS,
      4,
      { suggested: 8000, editable: false, min: 8000, max: 8000 },
    ),
    event(
      "7d1e5a10-0000-4000-8000-000000000321",
      {
        location_id: moody,
        series_id: null,
        name: "Longhorns Basketball vs. Baylor",
        description: "Garage parking next to the arena. Doors open one hour before tip-off.",
        places: 300,
      },
      today + 5 * DAY_MS + HOUR_MS,
      4,
      { suggested: 2000, editable: true, min: 1500, max: 4000 },
    ),
  ];
}
