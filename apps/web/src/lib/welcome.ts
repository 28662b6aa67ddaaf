import { createStore } from "./store.ts";

/** Set when a freeflow driver signs in on their activation day (docs/product/entities-and-states.md). */
export const freeflowWelcomeStore = createStore<boolean>(false);
