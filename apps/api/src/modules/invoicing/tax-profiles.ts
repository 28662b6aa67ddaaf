import { legalNameForCfdi, personTypeOfRfc } from "@estaciona/contracts/sat";
import type { TaxProfile, taxProfileBody } from "@estaciona/contracts/schemas/invoicing";
import type { z } from "zod";
import type { Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { lockActiveUser } from "../users/repository.ts";
import {
  clearDefaultTaxProfile,
  findTaxProfileOfUser,
  insertTaxProfile,
  listTaxProfilesOfUser,
  type TaxProfileRow,
  updateTaxProfile,
} from "./repository.ts";

/** A driver's fiscal profiles, the CFDI's receiver (docs/product/invoicing-account-contact.md). */

type ProfileInput = z.output<typeof taxProfileBody>;

export const toTaxProfile = (row: TaxProfileRow): TaxProfile => ({
  uuid: row.id,
  rfc: row.rfc,
  legal_name: row.legal_name,
  tax_regime: row.tax_regime,
  cfdi_use: row.cfdi_use,
  postal_code: row.postal_code,
  email: row.email,
  is_default: row.is_default === 1,
  created_at: row.created_at,
});

const profileColumns = (input: ProfileInput) => ({
  rfc: input.rfc,
  legal_name: legalNameForCfdi(input.legal_name, personTypeOfRfc(input.rfc)),
  tax_regime: input.tax_regime,
  cfdi_use: input.cfdi_use,
  postal_code: input.postal_code,
  email: input.email,
});

export async function listTaxProfiles(db: Executor, userId: string): Promise<TaxProfile[]> {
  return (await listTaxProfilesOfUser(db, userId)).map(toTaxProfile);
}

/** Saves a profile; the driver's first one, or one asked to be, becomes the default. */
export async function createTaxProfile(db: Executor, userId: string, input: ProfileInput): Promise<TaxProfile> {
  const id = newId();
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const now = nowIso();
    const isFirst = (await listTaxProfilesOfUser(tx, userId)).length === 0;
    const isDefault = isFirst || input.is_default === true;
    if (isDefault) await clearDefaultTaxProfile(tx, userId, now);
    await insertTaxProfile(tx, {
      id,
      user_id: userId,
      ...profileColumns(input),
      is_default: isDefault ? 1 : 0,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    });
  });
  return toTaxProfile(await requireTaxProfile(db, userId, id));
}

export async function editTaxProfile(
  db: Executor,
  userId: string,
  profileId: string,
  input: ProfileInput,
): Promise<TaxProfile> {
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const profile = await requireTaxProfile(tx, userId, profileId);
    const now = nowIso();
    const makeDefault = input.is_default === true && profile.is_default === 0;
    if (makeDefault) await clearDefaultTaxProfile(tx, userId, now);
    await updateTaxProfile(tx, profileId, {
      ...profileColumns(input),
      ...(makeDefault ? { is_default: 1 } : {}),
      updated_at: now,
    });
  });
  return toTaxProfile(await requireTaxProfile(db, userId, profileId));
}

/** Removes a profile; when it was the default, the oldest remaining one takes its place. */
export async function removeTaxProfile(db: Executor, userId: string, profileId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await lockActiveUser(tx, userId))) throw new AppError("authentication_error");
    const profile = await requireTaxProfile(tx, userId, profileId);
    const now = nowIso();
    await updateTaxProfile(tx, profileId, { is_default: 0, deleted_at: now, updated_at: now });
    const [next] = await listTaxProfilesOfUser(tx, userId);
    if (profile.is_default === 1 && next) await updateTaxProfile(tx, next.id, { is_default: 1, updated_at: now });
  });
}

export async function requireTaxProfile(db: Executor, userId: string, profileId: string): Promise<TaxProfileRow> {
  const profile = await findTaxProfileOfUser(db, userId, profileId);
  if (!profile) throw new AppError("object_not_found");
  return profile;
}
