import { useRef } from "react";

/**
 * The latest props in a ref: provider callbacks and message listeners are registered once per
 * provider session and must call the current handlers without re-creating the provider's form.
 */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
