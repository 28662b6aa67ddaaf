import type { HostFaq } from "@estaciona/contracts/schemas/host";
import type { HostBody, OperatorHost, Organisation, OrganisationBody } from "@estaciona/contracts/schemas/operator";
import type { Db, Executor } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import { newId } from "../../lib/ids.ts";
import { nowIso } from "../../lib/time.ts";
import { findHost, listHostsWithOrganisation, updateHostRow } from "../hosts/repository.ts";
import { changedFields, recordAudit } from "./audit.ts";
import {
  findOrganisationById,
  insertOrganisation,
  listOrganisationsWithCounts,
  locationsOfOrganisation,
} from "./repository/team.ts";
import { assertPlatform, type OperatorScope } from "./scope.ts";
import { enrol, memberByPhone } from "./team.ts";

/**
 * The platform role's calls (docs/product/operators.md, docs/decisions/0041, 0051): hosts and what their theme
 * store holds, organisations and their first operators. Any other operator is refused with
 * `forbidden_access`. Hosts are read from the database on every page load (the web plugin and
 * `GET open/host` keep no copy), so a change shows on the next page load on every API instance.
 */

type HostRow = Awaited<ReturnType<typeof listHostsWithOrganisation>>[number];

function presentHost(host: HostRow): OperatorHost {
  return {
    hostname: host.hostname,
    is_default: host.is_default === 1,
    theme: host.theme,
    domain: host.domain,
    country: host.country,
    brand_name: host.brand_name,
    logo: host.logo,
    primary_color: host.primary_color,
    login_text: { es: host.login_text_es, en: host.login_text_en },
    width: host.width,
    map: { lat: host.map_lat, lng: host.map_lng, zoom: host.map_zoom },
    force_spanish: host.force_spanish === 1,
    features: JSON.parse(host.features) as string[],
    organisation:
      host.organisation_id && host.organisation_name
        ? { uuid: host.organisation_id, name: host.organisation_name }
        : null,
    privacy_url_en: host.privacy_url_en,
    location_uuids: host.location_ids ? (JSON.parse(host.location_ids) as string[]) : null,
    support_email: host.support_email,
    support_phone: host.support_phone,
    faq: host.faq ? (JSON.parse(host.faq) as HostFaq) : null,
  };
}

export async function listHosts(db: Executor, scope: OperatorScope): Promise<OperatorHost[]> {
  assertPlatform(scope);
  return (await listHostsWithOrganisation(db)).map(presentHost);
}

/** The columns a host body sets; the same shape the audit log compares. */
const hostColumns = (body: HostBody) => ({
  theme: body.theme,
  brand_name: body.brand_name.trim(),
  logo: body.logo.trim(),
  primary_color: body.primary_color.trim().toLowerCase(),
  login_text_es: body.login_text.es.trim(),
  login_text_en: body.login_text.en.trim(),
  width: body.width,
  map_lat: body.map.lat,
  map_lng: body.map.lng,
  map_zoom: body.map.zoom,
  force_spanish: body.force_spanish ? 1 : 0,
  features: JSON.stringify(body.features),
  organisation_id: body.organisation_uuid,
  privacy_url_en: body.privacy_url_en ?? null,
  // Left out when the body leaves them out: an older client's save keeps the host's contact and lots.
  ...(body.location_uuids !== undefined && {
    location_ids: body.location_uuids === null ? null : JSON.stringify([...new Set(body.location_uuids)].sort()),
  }),
  ...(body.support_email !== undefined && { support_email: body.support_email }),
  ...(body.support_phone !== undefined && { support_phone: body.support_phone }),
  ...(body.faq !== undefined && { faq: body.faq === null ? null : JSON.stringify(body.faq) }),
});

export async function updateHost(db: Db, scope: OperatorScope, hostname: string, body: HostBody) {
  assertPlatform(scope);
  await db.transaction().execute(async (tx) => {
    const current = await findHost(tx, hostname);
    if (!current) throw new AppError("object_not_found");
    if (body.organisation_uuid && !(await findOrganisationById(tx, body.organisation_uuid)))
      throw new AppError("object_not_found");
    // A host offers only its own organisation's locations: another's id answers as if it did not exist.
    if (body.location_uuids?.length) {
      const owned = await locationsOfOrganisation(tx, body.organisation_uuid ?? null, body.location_uuids);
      if (owned.length !== new Set(body.location_uuids).size) throw new AppError("object_not_found");
    }
    const changes = changedFields(current, hostColumns(body));
    if (Object.keys(changes.after).length === 0) return;
    await updateHostRow(tx, hostname, changes.after);
    await recordAudit(tx, scope, { action: "host.update", subject: { type: "host", id: hostname }, ...changes });
  });
  const updated = (await listHostsWithOrganisation(db)).find((host) => host.hostname === hostname);
  if (!updated) throw new AppError("object_not_found");
  return presentHost(updated);
}

type OrganisationRow = Awaited<ReturnType<typeof listOrganisationsWithCounts>>[number];

const presentOrganisation = (row: OrganisationRow): Organisation => ({
  uuid: row.id,
  name: row.name,
  contact_email: row.contact_email,
  contact_phone: row.contact_phone,
  operators: Number(row.operators ?? 0),
  locations: Number(row.locations ?? 0),
  created_at: row.created_at,
});

export async function listOrganisations(db: Executor, scope: OperatorScope): Promise<Organisation[]> {
  assertPlatform(scope);
  return (await listOrganisationsWithCounts(db)).map(presentOrganisation);
}

export async function createOrganisation(db: Db, scope: OperatorScope, body: OrganisationBody) {
  assertPlatform(scope);
  const organisation = {
    id: newId(),
    name: body.name.trim(),
    contact_email: body.contact_email ?? null,
    contact_phone: body.contact_phone ?? null,
    created_at: nowIso(),
  };
  await db.transaction().execute(async (tx) => {
    await insertOrganisation(tx, organisation);
    const { created_at: _at, ...shown } = organisation;
    await recordAudit(tx, scope, {
      action: "organisation.create",
      subject: { type: "organisation", id: organisation.id },
      after: shown,
    });
  });
  return presentOrganisation({ ...organisation, operators: 0, locations: 0 });
}

/** Makes an existing user an operator (of every location) of any organisation: the first operator of a new one. */
export async function addOrganisationOperator(db: Db, scope: OperatorScope, organisationId: string, phone: string) {
  assertPlatform(scope);
  await db.transaction().execute(async (tx) => {
    if (!(await findOrganisationById(tx, organisationId))) throw new AppError("object_not_found");
    await enrol(tx, scope, organisationId, phone, []);
  });
  return memberByPhone(db, organisationId, phone);
}
