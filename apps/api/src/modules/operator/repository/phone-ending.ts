import { type Expression, type SqlBool, sql } from "kysely";

/** Digits typed that the index of the phones' last four characters can serve. */
const INDEXED_DIGITS = 4;

/**
 * Drivers (`users`) whose phone ends with `digits` (digits only: the caller strips the rest).
 * With four or more, the drivers whose phone ends in the last four are read through
 * `users_phone_last4`, then the whole ending is checked; with fewer, every driver's phone is
 * (docs/decisions/0353).
 */
export function phoneEndsWith(digits: string): Expression<SqlBool> {
  const ending = sql<SqlBool>`${sql.ref("users.phone")} like ${`%${digits}`}`;
  if (digits.length < INDEXED_DIGITS) return ending;
  return sql<SqlBool>`${sql.ref("users.phone_last4")} = ${digits.slice(-INDEXED_DIGITS)} and ${ending}`;
}
