export { type StayDuration, stayDuration } from "./duration.ts";
export { NAMESPACES, type Namespace, resources } from "./resources.ts";
export { translate } from "./translate.ts";
