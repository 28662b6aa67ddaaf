import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client.ts";
import AppShell, { type KeptAliveScreen } from "./app-shell.tsx";

/**
 * The shell with the server-state cache. Only signed-in screens query the API through
 * react-query, so it ships with the shell rather than with the sign-in screen.
 */
export default function AppShellWithData({ keptAlive }: { keptAlive: KeptAliveScreen }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell keptAlive={keptAlive} />
    </QueryClientProvider>
  );
}
