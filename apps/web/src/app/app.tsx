import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { startOfflineSync } from "../lib/offline/sync.ts";
import { createAppRouter } from "./router.tsx";

export function App() {
  const [router] = useState(createAppRouter);
  // The signed-in app keeps the driver's offline copy fresh (docs/offline.md).
  useEffect(startOfflineSync, []);
  return <RouterProvider router={router} />;
}
