import { useRouteError } from "react-router";
import { BareErrorScreen, ErrorScreen } from "./error-screen.tsx";

/** A screen route's error element: the error screen in the screen's place (the shell stays). */
export function ScreenError() {
  return <ErrorScreen error={useRouteError()} />;
}

/** At the root of the router (the app shell itself failed): the error screen in the bare layout. */
export function RootError() {
  return <BareErrorScreen error={useRouteError()} />;
}
