import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

/** "Are you at zone 107?": asked before paying when the phone is far from the zone (issue 26 item 6). */
export function FarFromZoneDialog({
  zoneCode,
  distance,
  onConfirm,
  onClose,
}: {
  zoneCode: string;
  /** Metres from the zone; null: the dialog is closed. */
  distance: number | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("meters");
  return (
    <ConfirmDialog
      open={distance !== null}
      title={t("preflight_zone_title", { code: zoneCode })}
      message={t("preflight_zone_text", {
        code: zoneCode,
        distance:
          distance === null
            ? ""
            : distance >= 1000
              ? `${(distance / 1000).toFixed(1)} km`
              : `${Math.round(distance / 10) * 10} m`,
      })}
      confirmLabel={t("preflight_zone_confirm", { code: zoneCode })}
      dismissLabel={t("preflight_zone_dismiss")}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
