import * as meterEndpoints from "@estaciona/contracts/endpoints/meters";
import * as endpoints from "@estaciona/contracts/endpoints/reminders";
import type { MeterPurchaseAnswer } from "@estaciona/contracts/schemas/meters";
import type {
  ConfirmExtendLinkBody,
  ExtendLinkView,
  PushKey,
  PushSubscriptionBody,
  ReminderPreferences,
} from "@estaciona/contracts/schemas/reminders";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { endpointQuery } from "../../../lib/endpoint-query.ts";

/** GET user/reminder-preferences (docs/product/reminders.md). */
export const reminderPreferencesQuery = () => endpointQuery(endpoints.getReminderPreferences, {});

/** PUT user/reminder-preferences. */
export const saveReminderPreferences = (body: ReminderPreferences): Promise<ReminderPreferences> =>
  callEndpoint(endpoints.updateReminderPreferences, { body });

/** GET open/meter-extend/{token}: the extend screen; charges nothing. Errors are shown on the screen. */
export const readExtendLink = (token: string): Promise<ExtendLinkView> =>
  callEndpoint(meterEndpoints.getExtendLink, { params: { token } }, { handleErrors: false });

/** POST open/meter-extend/{token}: the confirm tap, with its key so a repeated tap is the same extension. */
export const confirmExtendLink = (token: string, body: ConfirmExtendLinkBody): Promise<MeterPurchaseAnswer> =>
  callEndpoint(meterEndpoints.confirmExtendLink, { params: { token }, body }, { handleErrors: false });

/** GET user/push-subscriptions/key: the VAPID public key (null where push is not configured). */
export const readPushKey = (): Promise<PushKey> => callEndpoint(endpoints.getPushKey, {});

/** POST user/push-subscriptions: keeps this device's subscription. */
export const savePushSubscription = (body: PushSubscriptionBody) =>
  callEndpoint(endpoints.savePushSubscription, { body });

/** DELETE user/push-subscriptions: this device stops getting the driver's reminders. */
export const deletePushSubscription = (endpoint: string) =>
  callEndpoint(endpoints.deletePushSubscription, { query: { endpoint } });
