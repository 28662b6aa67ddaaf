import { Outlet, useLocation } from "react-router";
import { RootFrame } from "./root-frame.tsx";

/** Above every route: the root frame around the matched route. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RootFrame pathname={pathname}>
      <Outlet />
    </RootFrame>
  );
}
