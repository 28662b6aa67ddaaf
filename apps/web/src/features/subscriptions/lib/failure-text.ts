import { ApiError, errorMessage } from "../../../lib/api-client.ts";

/** A refusal in the reader's language: the catalogue's words for its code. */
export const failureText = (error: unknown): string =>
  error instanceof ApiError ? (error.description ?? errorMessage(error.code, null)) : String(error);
