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

/** Kept until the driver follows it, so reloading /3ds still knows the way back. */
export function returnPath(): string | null {
  try {
    return safeAppPath(sessionStorage.getItem(RETURN_KEY));
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing was stored.
  }
}
