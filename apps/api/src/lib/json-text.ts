/**
 * An answer of type `T` that the database already wrote as JSON: the route sends the text as it is
 * instead of parsing it and serialising it again (the meters map, docs/decisions/0336). Whoever
 * builds one answers for its shape; the endpoint's schema still describes it (OpenAPI, the SPA's
 * client), and a test compares the text, parsed, with the answer built the ordinary way.
 */
export class JsonText<T> {
  /** Never set: it only ties the text to the answer's type. */
  declare readonly answer?: T;
  constructor(readonly text: string) {}
}
