import { createStore } from "./store.ts";

/** The message of the modal error dialog (docs/product/screens-and-routes.md), or null when it is closed. */
export const errorDialogStore = createStore<string | null>(null);

export function showErrorDialog(message: string): void {
  errorDialogStore.set(message);
}

export function closeErrorDialog(): void {
  errorDialogStore.set(null);
}
