import { QueryClient } from "@tanstack/react-query";

/**
 * Server state for the signed-in screens. The API client already shows every failure, so
 * queries do not retry into a second dialog.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
