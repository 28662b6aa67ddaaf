import { createStore } from "./store.ts";

/** The message of the modal error dialog (spec §2), or null when it is closed. */
export const errorDialogStore = createStore<string | null>(null);

export function showErrorDialog(message: string): void {
  errorDialogStore.set(message);
}

export function closeErrorDialog(): void {
  errorDialogStore.set(null);
}
