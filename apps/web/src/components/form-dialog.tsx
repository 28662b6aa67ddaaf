import { Dialog } from "@base-ui/react/dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons.tsx";
import "./dialog.css";

/** A modal that holds a form; closing it with Escape, the backdrop or the icon calls `onClose`. */
export function FormDialog({
  open,
  title,
  description,
  onClose,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Backdrop className="dialog-backdrop" />
        <Dialog.Popup className="dialog">
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t("actions.close")}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="dialog-body">{description}</Dialog.Description>}
          {children}
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
