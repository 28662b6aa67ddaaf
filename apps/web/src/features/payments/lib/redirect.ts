/** Where the driver goes back to after a 3-D Secure challenge that left the app. */
const RETURN_KEY = "estaciona.payments.return";

/** Only paths of this app: a `redirect` query must not send the driver to another site. */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

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
