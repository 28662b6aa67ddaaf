import type { PlateDoubt } from "@estaciona/contracts/plates";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

/**
 * "Is ABC1O3D the right plate?": asked before paying when the plate looks like another of the
 * driver's plates but for a look-alike character, or does not fit its state (issue 26 item 6,
 * docs/decisions/0312). The driver confirms, or goes back to choose or fix the vehicle.
 */
export function PlateDoubtDialog({
  plate,
  state,
  doubt,
  onConfirm,
  onClose,
}: {
  plate: string;
  state: string;
  /** Null: the dialog is closed. */
  doubt: PlateDoubt | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("meters");
  return (
    <ConfirmDialog
      open={doubt !== null}
      title={t("preflight_plate_title", { plate })}
      message={
        doubt?.kind === "look_alike"
          ? t("preflight_plate_look_alike", { plate, other: doubt.other })
          : t("preflight_plate_format", { plate, state })
      }
      confirmLabel={t("preflight_plate_confirm", { plate })}
      dismissLabel={t("preflight_plate_dismiss")}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
