import { lazy, Suspense, useEffect, useState } from "react";
import { errorDialogStore } from "../lib/error-dialog.ts";
import { useStore } from "../lib/store.ts";
// The dialogs' styles come with the first download: an error can open this one on the first screen, and its
// code, loaded then, does not wait for a stylesheet.
import "./dialog.css";

const ErrorDialog = lazy(() => import("./error-dialog.tsx"));

/** Loads the dialog's code the first time there is an error, then keeps it mounted for its close animation. */
export function ErrorDialogHost() {
  const message = useStore(errorDialogStore);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (message !== null) setNeeded(true);
  }, [message]);
  if (!needed && message === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog />
    </Suspense>
  );
}
