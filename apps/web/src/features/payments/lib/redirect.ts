import { safeAppPath } from "../../../lib/navigation.ts";

/** Where the driver goes back to after a 3-D Secure challenge that left the app. */
const RETURN_KEY = "estaciona.payments.return";

export function rememberReturnPath(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage may be disabled; the 3-D Secure page then offers the card list.
  }
}

export function takeReturnPath(): string | null {
  try {
    const path = safeAppPath(sessionStorage.getItem(RETURN_KEY));
    sessionStorage.removeItem(RETURN_KEY);
    return path;
  } catch {
    return null;
  }
}
