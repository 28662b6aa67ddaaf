import { AlertDialog } from "@base-ui/react/alert-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./dialog.css";

/** Asks before a destructive action; `onConfirm` runs on the confirm button only. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  dismissLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; "Cancel" unless the action itself is a cancellation. */
  dismissLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="dialog-backdrop" />
        <AlertDialog.Popup className="dialog">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-body">{message}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Close className="button button-secondary">
              {dismissLabel ?? t("actions.cancel")}
            </AlertDialog.Close>
            <button type="button" className="button button-danger" disabled={busy} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
