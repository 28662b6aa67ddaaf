/**
 * Lets code outside React (the API client, the session timer) navigate through the router once
 * it exists; before that, and in tests, it falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigate(to, options);
}

/** The current path with its query, as the router sees it. */
export const currentPath = (): string => `${window.location.pathname}${window.location.search}`;

/** Only paths of this app: a redirect taken from a query or storage never leads to another site (`//host`, a scheme). */
export function safeAppPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}
