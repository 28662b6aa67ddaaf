import { useEffect } from "react";
import { getHostConfig } from "./host-config.ts";
import { createStore } from "./store.ts";

/** The title store of docs/product/entities-and-states.md: the top bar shows it and the document title follows it. */
export const titleStore = createStore<string>("");

export function usePageTitle(title: string): void {
  useEffect(() => {
    titleStore.set(title);
    const brand = getHostConfig().brand.name;
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title]);
}
