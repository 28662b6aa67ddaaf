import { PLAN_INTERVALS } from "@estaciona/contracts";
import { requiredText } from "@estaciona/contracts/schemas/common";
import type { OperatorLocation } from "@estaciona/contracts/schemas/operator";
import { type AdminPlan, DISCOUNT_KINDS } from "@estaciona/contracts/schemas/subscriptions";
import { z } from "zod";
import { amountText, decimalText, optionalWholeNumber, readDiscount } from "./sales-forms.ts";

const COST_INVALID = "operator:plans.cost_invalid";
const WHOLE_NUMBER = "operator:plans.whole_number";

/**
 * What a plan's forms read: name, price per period, places, students only, and (one-time plans
 * only, docs/product/calls-and-errors.md) its own discount, read against the price.
 */
const planFields = {
  name: requiredText(120),
  cost: amountText(COST_INVALID),
  availability: optionalWholeNumber(WHOLE_NUMBER),
  requires_student_id: z.boolean(),
  discount_kind: z.enum(["none", ...DISCOUNT_KINDS]),
  discount_value: z.string(),
};
const editFields = z.object(planFields);
type PlanFields = z.output<typeof editFields>;

/** The plan's discount as the API takes it, or the reason it does not read, on its field. */
function withDiscount({ discount_kind, discount_value, ...body }: PlanFields, context: z.RefinementCtx) {
  const discount = readDiscount(discount_kind, discount_value, body.cost);
  if (discount && "error" in discount) {
    context.addIssue({ code: "custom", path: ["discount_value"], message: discount.error });
    return z.NEVER;
  }
  return { ...body, discount: discount?.rule ?? null };
}

/** A new plan at one of `locations`: a venue sells one-time plans only, said in the catalogue's words before the server says it. */
export const newPlanSchema = (locations: OperatorLocation[]) =>
  z
    .object({
      location_uuid: z.string().min(1, { error: "validation.required" }),
      interval: z.enum(PLAN_INTERVALS),
      ...planFields,
    })
    .transform(({ location_uuid, interval, ...fields }, context) => {
      const venue = locations.find((location) => location.uuid === location_uuid)?.kind === "venue";
      if (venue && interval !== "one_time") {
        context.addIssue({ code: "custom", path: ["interval"], message: "errors:api_only_one_time_plans" });
        return z.NEVER;
      }
      if (interval === "one_time") return { location_uuid, interval, ...withDiscount(fields, context) };
      const { discount_kind: _kind, discount_value: _value, ...body } = fields;
      return { location_uuid, interval, ...body, discount: null };
    });

/** A plan's changes: only a one-time plan has a discount of its own; the others' is left as it is. */
export const editPlanSchema = (oneTime: boolean) =>
  editFields.transform((fields, context) => {
    if (oneTime) return withDiscount(fields, context);
    const { discount_kind: _kind, discount_value: _value, ...body } = fields;
    return body;
  });

export const newPlanForm = (location: string): z.input<ReturnType<typeof newPlanSchema>> => ({
  location_uuid: location,
  interval: "month",
  name: "",
  cost: "",
  availability: "",
  requires_student_id: false,
  discount_kind: "none",
  discount_value: "",
});

export const planForm = (plan: AdminPlan): z.input<typeof editFields> => ({
  name: plan.name,
  cost: decimalText(plan.cost),
  availability: plan.availability === null ? "" : String(plan.availability),
  requires_student_id: plan.requires_student_id,
  discount_kind: plan.discount?.kind ?? "none",
  discount_value: !plan.discount
    ? ""
    : plan.discount.kind === "percent"
      ? String(plan.discount.value)
      : decimalText(plan.discount.value),
});
