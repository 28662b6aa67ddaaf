/**
 * Column types shared by every migration: the same names mean the same storage on SQLite and
 * PostgreSQL. Money is `bigint` (PostgreSQL int8; SQLite integers are 64-bit already) and read
 * back as a JS number (see database.ts); timestamps are ISO-8601 UTC text.
 */
export const money = "bigint" as const;
export const timestamp = "text" as const;
