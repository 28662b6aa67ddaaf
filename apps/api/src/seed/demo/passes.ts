/** Demo data (only with SEED_DEMO): passes, promo codes and partner landings. */
import type { NewRow } from "../../db/schema.ts";
import { PLATFORM_ORGANISATION, type Seed } from "../reference.ts";
import { DEMO_LOCATIONS } from "./locations.ts";

const [FUNDIDORA, BARRIO_ANTIGUO, CAMPUS, , ARENA, CONGRESS] = DEMO_LOCATIONS.map((location) => location.id);

const plan = (
  id: string,
  location_id: string | undefined,
  fields: Pick<NewRow<"plans">, "name" | "cost" | "currency" | "interval_unit"> &
    Partial<Pick<NewRow<"plans">, "availability" | "requires_student_id" | "discount_kind" | "discount_value">>,
): Seed<NewRow<"plans">> => ({
  id,
  location_id: location_id as string,
  availability: null,
  requires_student_id: 0,
  discount_kind: null,
  discount_value: null,
  status: "active",
  ...fields,
});

/** Demo passes (docs/product/passes-and-promo-codes.md) at the Mexican lots, the university lot (students), the arena and Austin. */
export const DEMO_PLANS: Seed<NewRow<"plans">>[] = [
  plan("5a9c0e11-0000-4000-8000-000000000301", FUNDIDORA, {
    name: "Pensión mensual",
    cost: 150000,
    currency: "mxn",
    interval_unit: "month",
    availability: 50,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000302", FUNDIDORA, {
    name: "Pensión semanal",
    cost: 45000,
    currency: "mxn",
    interval_unit: "week",
  }),
  plan("5a9c0e11-0000-4000-8000-000000000303", BARRIO_ANTIGUO, {
    name: "Pensión nocturna",
    cost: 90000,
    currency: "mxn",
    interval_unit: "month",
    availability: 20,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000304", CAMPUS, {
    name: "Pensión estudiantil",
    cost: 60000,
    currency: "mxn",
    interval_unit: "month",
    availability: 200,
    requires_student_id: 1,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000305", ARENA, {
    name: "Pase de evento",
    cost: 15000,
    currency: "mxn",
    interval_unit: "one_time",
    discount_kind: "percent",
    discount_value: 10,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000401", CONGRESS, {
    name: "Monthly pass",
    cost: 18000,
    currency: "usd",
    interval_unit: "month",
    availability: 40,
  }),
  plan("5a9c0e11-0000-4000-8000-000000000402", CONGRESS, {
    name: "Weekly pass",
    cost: 5500,
    currency: "usd",
    interval_unit: "week",
  }),
];

/** Demo promo codes: half off the first month in Mexico, $20 off the first three months in Austin. */
export const DEMO_DISCOUNTS: Omit<NewRow<"discounts">, "created_at">[] = [
  {
    id: "6b2d1f22-0000-4000-8000-000000000501",
    code: "BIENVENIDA",
    kind: "percent",
    value: 50,
    currency: null,
    plan_id: null,
    periods: 1,
    starts_on: null,
    ends_on: null,
    max_redemptions: 1000,
    redemptions: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
  },
  {
    id: "6b2d1f22-0000-4000-8000-000000000502",
    code: "AUSTIN20",
    kind: "amount",
    value: 2000,
    currency: "usd",
    plan_id: null,
    periods: 3,
    starts_on: null,
    ends_on: null,
    max_redemptions: 500,
    redemptions: 0,
    organisation_id: PLATFORM_ORGANISATION.id,
  },
];

const partnerPage = (slug: string, hostname: string, locationIds: (string | undefined)[]) => ({
  slug,
  hostname,
  location_ids: JSON.stringify(locationIds),
});

/** Partner landings (/aisd public, /vaughn signed in), per host: the texts and the lots whose passes they offer. */
export const DEMO_PARTNER_PAGES: Omit<NewRow<"partner_pages">, "created_at">[] = [
  ...["localhost", "us.localhost"].flatMap((hostname) => {
    const lots = hostname === "us.localhost" ? [CONGRESS] : [FUNDIDORA, BARRIO_ANTIGUO];
    return [
      {
        ...partnerPage("aisd", hostname, lots),
        title_es: "Pensiones para personal escolar",
        title_en: "Parking passes for school staff",
        text_es: "Personal y familias del distrito escolar: elige tu pensión mensual cerca del campus.",
        text_en: "District staff and families: choose a monthly pass near campus.",
      },
      {
        ...partnerPage("vaughn", hostname, lots),
        title_es: "Estacionamiento para residentes",
        title_en: "Parking for residents",
        text_es:
          "Residentes del edificio: una pensión con lugar asegurado, renovación automática y cancelación cuando quieras.",
        text_en: "Building residents: a pass with a guaranteed place, automatic renewal and cancellation any time.",
      },
    ];
  }),
];
