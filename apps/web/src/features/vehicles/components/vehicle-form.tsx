import { type Country, findState, PLATE_MAX_LENGTH } from "@estaciona/contracts";
import { plate, stateName } from "@estaciona/contracts/schemas/common";
import type { CreateVehicleBody, Vehicle } from "@estaciona/contracts/schemas/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { IMaskInput } from "react-imask";
import { z } from "zod";
import { FormField } from "../../../components/form-field.tsx";
import { StatePicker } from "../../../components/state-picker.tsx";
import { getHostConfig } from "../../../lib/host-config.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import "../../../lib/catalogues/vehicles.ts";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "validation.max_length" })
    .transform((value) => value || null);

const vehicleFormSchema = z.object({
  plate,
  country: z.enum(["mx", "us"]),
  state: stateName,
  brand: optionalText(60),
  model: optionalText(60),
  year: z
    .string()
    .trim()
    .regex(/^(\d{4})?$/, { error: "validation.min_value" })
    .transform((value) => (value ? Number(value) : null)),
  color: optionalText(40),
});
type VehicleFormInput = z.input<typeof vehicleFormSchema>;
type VehicleFormOutput = z.output<typeof vehicleFormSchema>;

/** Letters and digits only, upper-cased as typed, at most 10 characters (docs/product/validation.md). */
const plateMask = new RegExp(`^[A-Za-z0-9]{0,${PLATE_MAX_LENGTH}}$`);

/**
 * Plate and state (what the wizard asks) and, with `withDetails`, brand, model, year and colour
 * (the vehicles screen). Submits the body of `POST user/vehicle`.
 */
export function VehicleForm({
  vehicle,
  withDetails = false,
  submitLabel,
  busy,
  onSubmit,
  secondaryAction,
}: {
  vehicle?: Vehicle;
  withDetails?: boolean;
  submitLabel: string;
  busy: boolean;
  onSubmit: (body: CreateVehicleBody) => void;
  secondaryAction?: React.ReactNode;
}) {
  const { t } = useTranslation("vehicles");
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<VehicleFormInput, unknown, VehicleFormOutput>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: {
      plate: vehicle?.plate ?? "",
      // A new vehicle's plate is most likely from the host's country (a US host offers US states first).
      country: (vehicle?.country ?? findState(vehicle?.state ?? "")?.country ?? getHostConfig().country) as Country,
      state: vehicle?.state ?? "",
      brand: vehicle?.brand ?? "",
      model: vehicle?.model ?? "",
      year: vehicle?.year ? String(vehicle.year) : "",
      color: vehicle?.color ?? "",
    },
  });
  const message = (error?: { message?: string }) =>
    translateMessage(error?.message, { max: PLATE_MAX_LENGTH, min: 1900 });

  return (
    <form className="form" noValidate onSubmit={handleSubmit(({ country: _country, ...body }) => onSubmit(body))}>
      <FormField label={t("plate")} error={message(errors.plate)}>
        {(ids) => (
          <Controller
            control={control}
            name="plate"
            render={({ field }) => (
              <IMaskInput
                {...ids}
                className="input input-plate"
                mask={plateMask}
                prepareChar={(character: string) => character.toUpperCase()}
                value={field.value}
                onAccept={(value: string) => field.onChange(value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="state"
        render={({ field }) => (
          <Controller
            control={control}
            name="country"
            render={({ field: countryField }) => (
              <StatePicker
                value={{ country: countryField.value, state: field.value || null }}
                error={message(errors.state)}
                onChange={(choice) => {
                  countryField.onChange(choice.country);
                  field.onChange(choice.state ?? "");
                }}
              />
            )}
          />
        )}
      />
      {withDetails && (
        <div className="form-grid">
          <FormField label={`${t("brand")} (${t("optional")})`} error={message(errors.brand)}>
            {(ids) => <input {...ids} className="input" {...register("brand")} />}
          </FormField>
          <FormField label={`${t("model")} (${t("optional")})`} error={message(errors.model)}>
            {(ids) => <input {...ids} className="input" {...register("model")} />}
          </FormField>
          <FormField label={`${t("year")} (${t("optional")})`} error={message(errors.year)}>
            {(ids) => <input {...ids} className="input" inputMode="numeric" maxLength={4} {...register("year")} />}
          </FormField>
          <FormField label={`${t("color")} (${t("optional")})`} error={message(errors.color)}>
            {(ids) => <input {...ids} className="input" {...register("color")} />}
          </FormField>
        </div>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
        {secondaryAction}
      </div>
    </form>
  );
}
