import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { notifySuccess } from "../../../lib/notify.ts";

/** What a console change says of itself (docs/decisions/0239). */
export interface ConsoleMutationOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /**
   * The lists the change shows in, by their keys (`consoleLists.…`: an endpoint's path names every
   * page and filter of it). Only these are read again, so a change on one screen does not re-read the
   * whole console; a section opened later reads its own figures anyway (rereadConsole).
   */
  invalidates: readonly QueryKey[];
  /** The toast once the change is saved and its lists read again, in the reader's language. */
  success?: (data: TData, variables: TVariables) => string;
  /** What the screen does after: close its dialog or editor, clear its fields. */
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Where the reader goes after (an editor back to its list). */
  navigateTo?: string;
  /** A failure's message is the API client's dialog, already in the reader's language; this only undoes local state. */
  onError?: () => void;
}

/**
 * The console's one way to change something: TanStack Query's mutation, then the screen's own
 * after-step (a dialog closes at once), the named lists read again, the success toast and the optional
 * navigation, in that order (the toast never announces a list that still shows the old row). Coded failures are the client's
 * (docs/product/calls-and-errors.md: the catalogue's message in the error dialog), never a second toast.
 */
export function useConsoleMutation<TData, TVariables = void>(options: ConsoleMutationOptions<TData, TVariables>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutationFn, invalidates, success, onSuccess, navigateTo, onError } = options;
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      onSuccess?.(data, variables);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      if (success) notifySuccess(success(data, variables));
      if (navigateTo) void navigate(navigateTo);
    },
    ...(onError ? { onError: () => onError() } : {}),
  });
}
