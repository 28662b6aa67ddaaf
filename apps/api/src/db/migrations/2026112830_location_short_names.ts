import type { Kysely } from "kysely";

/**
 * A place's short name ("Fundidora" for "Estacionamiento Parque Fundidora"): how a payment line
 * names it ("Pensión mensual · Fundidora · 27 nov", docs/decisions/0145). Null reads the full name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("locations").addColumn("short_name", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("locations").dropColumn("short_name").execute();
}
