import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createVehicle, VehicleForm } from "../../vehicles/index.ts";
import { StepTitle } from "./step-title.tsx";

/** Step 4: plate and state; "add later" where the theme allows it (docs/product/screens-and-routes.md). */
export default function VehicleStep({
  canSkip,
  onSaved,
  onSkip,
}: {
  canSkip: boolean;
  onSaved: () => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  return (
    <div className="form">
      <StepTitle>{t("vehicle_step.heading")}</StepTitle>
      <p className="muted">{t("vehicle_step.intro")}</p>
      <VehicleForm
        submitLabel={t("vehicle_step.save")}
        busy={busy}
        onSubmit={async (body) => {
          setBusy(true);
          try {
            await createVehicle(body);
            onSaved();
          } catch {
            setBusy(false);
          }
        }}
        secondaryAction={
          canSkip && (
            <button type="button" className="button button-secondary" disabled={busy} onClick={onSkip}>
              {t("vehicle_step.add_later")}
            </button>
          )
        }
      />
    </div>
  );
}
