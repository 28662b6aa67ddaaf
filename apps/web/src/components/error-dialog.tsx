import { Dialog } from "@base-ui/react/dialog";
import { closeErrorDialog, errorDialogStore } from "../lib/error-dialog.ts";
import { useStore } from "../lib/store.ts";
import { CloseIcon } from "./icons.tsx";
import "./dialog.css";
import { useT } from "../lib/translator.ts";

/** The modal error dialog of docs/product/screens-and-routes.md: titled Error, 500 px wide, the message, Accept and a close icon. */
export default function ErrorDialog() {
  const t = useT();
  const message = useStore(errorDialogStore);
  return (
    <Dialog.Root open={message !== null} onOpenChange={(open) => !open && closeErrorDialog()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog error-dialog">
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{t("error_dialog.title")}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("error_dialog.close")}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-body">{message}</Dialog.Description>
          <div className="dialog-actions">
            <Dialog.Close className="button button-primary">{t("error_dialog.accept")}</Dialog.Close>
          </div>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
