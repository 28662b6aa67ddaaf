import type { DeletionBlocker } from "@estaciona/contracts/schemas/user";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { listDeletionBlockers } from "../api/account.ts";

/**
 * Deleting the account asks first what still keeps it (docs/decisions/0106): each running or
 * paid-up thing with what to do about it, and no delete button while any is left. The delete call
 * checks again under its lock, so a purchase made meanwhile still keeps the account.
 */
export function DeleteAccountDialog({
  open,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("account");
  const [blockers, setBlockers] = useState<DeletionBlocker[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setBlockers(null);
    listDeletionBlockers()
      .then((found) => current && setBlockers(found))
      // The API client already showed the reason; the dialog closes rather than offer a blind delete.
      .catch(() => current && onClose());
    return () => {
      current = false;
    };
  }, [open, onClose]);

  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language === "en" ? "en-US" : "es-MX", {
          dateStyle: "medium",
          timeStyle: "short",
        }).format(new Date(iso))
      : "";

  if (blockers === null || blockers.length === 0)
    return (
      <ConfirmDialog
        open={open}
        title={t("delete_heading")}
        message={blockers === null ? t("delete_checking") : t("delete_confirm")}
        confirmLabel={t("delete_button")}
        busy={busy || blockers === null}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    );
  return (
    <ConfirmDialog
      open={open}
      title={t("delete_heading")}
      message={
        <>
          {t("delete_blocked")}
          <ul className="blocker-list">
            {blockers.map((blocker) => (
              <li key={`${blocker.kind}-${blocker.uuid}`}>
                {t(`delete_blocker.${blocker.kind}`, {
                  location: blocker.location_name ?? "",
                  until: when(blocker.until),
                })}
              </li>
            ))}
          </ul>
        </>
      }
      confirmLabel={t("delete_button")}
      dismissLabel={t("delete_blocked_close")}
      busy
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
