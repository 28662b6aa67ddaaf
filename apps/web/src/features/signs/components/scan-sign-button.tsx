import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { LoadingSection } from "../../../components/loading-view.tsx";
import "../catalogue.ts";
import "../signs.css";

/** The camera and the QR reader arrive only when the driver opens the scanner. */
const SignScanner = lazy(() => import("./sign-scanner.tsx"));

/** "Scan a sign's QR" on the home and the meters search: the app's own scanner (docs/decisions/0311). */
export function ScanSignButton() {
  const { t } = useTranslation("signs");
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <div className="scan-sign">
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t("scan_open")}
      </button>
      <p className="muted">{t("scan_hint")}</p>
      <FormDialog open={open} title={t("scan_title")} onClose={close}>
        {open && (
          <Suspense fallback={<LoadingSection />}>
            <SignScanner onClose={close} />
          </Suspense>
        )}
      </FormDialog>
    </div>
  );
}
