import type { UserExport } from "@estaciona/contracts/schemas/user";
import type { Executor } from "../../db/database.ts";
import type { Row } from "../../db/schema.ts";
import { nowIso } from "../../lib/time.ts";
import { listContactMessagesOfUser } from "../contact/personal-data.ts";
import { listAllEventVisitsOfUser } from "../events/personal-data.ts";
import { listFavouritesOfUser } from "../home/personal-data.ts";
import { listAllTaxProfilesOfUser, listInvoicesOfUser } from "../invoicing/personal-data.ts";
import { listMessagesTo } from "../messaging/personal-data.ts";
import { listAllVisitsOfUser } from "../parking/personal-data.ts";
import { listAllCardsOfUser, listBalancesOfUserForExport, listPaymentsOfUser } from "../payments/personal-data.ts";
import { paymentLine } from "../receipts/kinds.ts";
import { pushDevicesOf } from "../reminders/index.ts";
import { listSubscriptionsOfUser } from "../subscriptions/personal-data.ts";
import { listSessionsOfUser } from "../users/personal-data.ts";
import { listAllTicketsOfUser } from "../valet/personal-data.ts";
import { listAllVehiclesOfUser, toVehicle } from "../vehicles/personal-data.ts";
import { listDisputesOfUser } from "../verification/personal-data.ts";

type UserRow = Row<"users">;

/**
 * `GET user/export` (docs/product/invoicing-account-contact.md): a file of everything we hold on the driver — profile, vehicles,
 * sessions, cards (masked), visits, event visits, valet tickets, passes, payments, fiscal profiles, invoices, contact messages, starred places, the
 * devices that take Web Push reminders and the
 * messages we sent them. Sign-in and e-mail code HMACs are secrets, not data.
 */
export async function exportUserData(db: Executor, user: UserRow): Promise<UserExport> {
  const [
    vehicles,
    sessions,
    cards,
    visits,
    eventVisits,
    valetTickets,
    passes,
    payments,
    taxProfiles,
    invoices,
    contactMessages,
    messages,
    disputes,
  ] = await Promise.all([
    listAllVehiclesOfUser(db, user.id),
    listSessionsOfUser(db, user.id),
    listAllCardsOfUser(db, user.id),
    listAllVisitsOfUser(db, user.id),
    listAllEventVisitsOfUser(db, user.id),
    listAllTicketsOfUser(db, user.id),
    listSubscriptionsOfUser(db, user.id),
    listPaymentsOfUser(db, user.id),
    listAllTaxProfilesOfUser(db, user.id),
    listInvoicesOfUser(db, user.id),
    listContactMessagesOfUser(db, user.id),
    listMessagesTo(db, [user.phone, ...(user.email ? [user.email] : [])]),
    listDisputesOfUser(db, user.id),
  ]);
  const balances = await listBalancesOfUserForExport(db, user.id);
  const favourites = await listFavouritesOfUser(db, user.id);
  const pushDevices = await pushDevicesOf(db, user.id);
  return {
    exported_at: nowIso(),
    profile: {
      uuid: user.id,
      phone: user.phone,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      email_verified_at: user.email_verified_at,
      student_id: user.student_id,
      locale: user.locale,
      role: user.role,
      status: user.status,
      registered_domain: user.registered_domain,
      payment_methods_mx: user.payment_methods_mx === 1,
      payment_methods_us: user.payment_methods_us === 1,
      free_flow_activation: user.free_flow_activation?.slice(0, 10) ?? null,
      created_at: user.created_at,
      updated_at: user.updated_at,
    },
    vehicles: vehicles.map((vehicle) => ({
      ...toVehicle(vehicle),
      created_at: vehicle.created_at,
      updated_at: vehicle.updated_at,
      deleted_at: vehicle.deleted_at,
    })),
    sessions: sessions.map((session) => ({
      uuid: session.id,
      client_id: session.client_id,
      created_at: session.created_at,
      expires_at: session.expires_at,
      revoked_at: session.revoked_at,
      revoked_reason: session.revoked_reason,
    })),
    payment_methods: cards.map(({ id, is_default, ...card }) => ({ uuid: id, ...card, is_default: is_default === 1 })),
    visits: visits.map(({ id, location_name, ...visit }) => ({ uuid: id, location: location_name, ...visit })),
    event_visits: eventVisits.map(({ id, ...visit }) => ({ uuid: id, ...visit })),
    valet_tickets: valetTickets.map(({ id, ...ticket }) => ({ uuid: id, ...ticket })),
    passes: passes.map((pass) => ({
      uuid: pass.id,
      plan_uuid: pass.plan_id,
      location_uuid: pass.location_id,
      vehicle_uuid: pass.vehicle_id,
      status: pass.status,
      created_at: pass.created_at,
      canceled_at: pass.canceled_at,
      ended_at: pass.ended_at,
    })),
    balances,
    payments: await Promise.all(
      payments.map(
        async ({
          id,
          payable_type,
          payable_id,
          location_name,
          location_short_name,
          time_zone,
          card_brand,
          card_last4,
          ...payment
        }) => ({
          uuid: id,
          ...payment,
          card: card_brand && card_last4 ? { brand: card_brand, last4: card_last4 } : null,
          line: await paymentLine(db, user.locale, {
            payable_type,
            payable_id,
            created_at: payment.created_at,
            location:
              location_name !== null && time_zone !== null
                ? { name: location_name, short_name: location_short_name, time_zone }
                : null,
          }),
        }),
      ),
    ),
    tax_profiles: taxProfiles.map((profile) => ({
      uuid: profile.id,
      rfc: profile.rfc,
      legal_name: profile.legal_name,
      tax_regime: profile.tax_regime,
      cfdi_use: profile.cfdi_use,
      postal_code: profile.postal_code,
      email: profile.email,
      created_at: profile.created_at,
      deleted_at: profile.deleted_at,
    })),
    invoices: invoices.map((invoice) => ({
      uuid: invoice.id,
      status: invoice.status,
      series: invoice.series,
      folio: invoice.folio,
      issuer_rfc: invoice.issuer_rfc,
      receiver_rfc: invoice.receiver_rfc,
      receiver_name: invoice.receiver_name,
      cfdi_use: invoice.cfdi_use,
      total: invoice.total,
      currency: invoice.currency,
      created_at: invoice.created_at,
      issued_at: invoice.issued_at,
    })),
    contact_messages: contactMessages.map(({ visit_id, ...message }) => ({ ...message, visit_uuid: visit_id })),
    disputes,
    favourites: favourites.map((favourite) => ({
      location_uuid: favourite.location_id,
      location: favourite.location_name,
      created_at: favourite.created_at,
    })),
    push_devices: pushDevices,
    messages,
  };
}
