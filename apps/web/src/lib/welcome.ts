import { createStore } from "./store.ts";

/** Set when a freeflow driver signs in on their activation day (spec §4). */
export const freeflowWelcomeStore = createStore<boolean>(false);
