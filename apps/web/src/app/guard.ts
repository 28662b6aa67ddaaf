import { matchPath } from "react-router";
import { paths, signInPath } from "../config/paths.ts";

const checkoutPatterns: string[] = Object.values(paths).flatMap((route) =>
  "checkout" in route && route.checkout ? [route.path, ...("alias" in route ? [route.alias] : [])] : [],
);

/** Checkout, event and parking-meter detail routes (docs/product/screens-and-routes.md). */
export const isCheckoutRoute = (pathname: string): boolean =>
  checkoutPatterns.some((pattern) => matchPath(pattern, pathname) !== null);

/**
 * docs/product/screens-and-routes.md route guard for authenticated routes. Without a stored refresh token: /dashboard goes
 * to / plainly; any other route goes to / with authRedirect holding the wanted path, plus
 * checkout=1 for checkout, event and parking-meter detail routes. Answers null to let it in.
 */
export function guardRedirect(pathname: string, search: string, hasRefreshToken: boolean): string | null {
  if (hasRefreshToken) return null;
  if (pathname === paths.dashboard.path) return signInPath();
  return signInPath(`${pathname}${search}`, { checkout: isCheckoutRoute(pathname) });
}
