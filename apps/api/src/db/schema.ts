import type { PayableType } from "@estaciona/contracts";
import type { PaymentRail } from "@estaciona/contracts/payment-rails";
import type { WalletKind } from "@estaciona/contracts/wallets";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export interface Database {
  organisations: OrganisationsTable;
  hosts: HostsTable;
  oauth_clients: OAuthClientsTable;
  users: UsersTable;
  vehicles: VehiclesTable;
  login_codes: LoginCodesTable;
  email_codes: EmailCodesTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  outbox_messages: OutboxMessagesTable;
  message_claims: MessageClaimsTable;
  provider_events: ProviderEventsTable;
  locations: LocationsTable;
  payment_customers: PaymentCustomersTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  balances: BalancesTable;
  balance_top_ups: BalanceTopUpsTable;
  balance_movements: BalanceMovementsTable;
  favourite_places: FavouritePlacesTable;
  idempotency_keys: IdempotencyKeysTable;
  card_attempts: CardAttemptsTable;
  jobs: JobsTable;
  sandbox_tokens: SandboxTokensTable;
  sandbox_customers: SandboxCustomersTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_charges: SandboxChargesTable;
  sandbox_refunds: SandboxRefundsTable;
  payment_references: PaymentReferencesTable;
  sandbox_references: SandboxReferencesTable;
  visits: VisitsTable;
  devices: DevicesTable;
  parking_meters: ParkingMetersTable;
  meter_map: MeterMapTable;
  meter_sessions: MeterSessionsTable;
  meter_purchases: MeterPurchasesTable;
  operator_memberships: OperatorMembershipsTable;
  operator_location_grants: OperatorLocationGrantsTable;
  audit_log: AuditLogTable;
  invoice_issuers: InvoiceIssuersTable;
  tax_profiles: TaxProfilesTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  global_invoices: GlobalInvoicesTable;
  global_invoice_payments: GlobalInvoicePaymentsTable;
  credit_notes: CreditNotesTable;
  contact_messages: ContactMessagesTable;
  plans: PlansTable;
  discounts: DiscountsTable;
  subscriptions: SubscriptionsTable;
  subscription_periods: SubscriptionPeriodsTable;
  discount_redemptions: DiscountRedemptionsTable;
  partner_pages: PartnerPagesTable;
  event_series: EventSeriesTable;
  events: EventsTable;
  event_visits: EventVisitsTable;
  valet_tickets: ValetTicketsTable;
  driver_suspensions: DriverSuspensionsTable;
  receipt_proofs: ReceiptProofsTable;
  receipt_disputes: ReceiptDisputesTable;
  reminder_preferences: ReminderPreferencesTable;
  extend_links: ExtendLinksTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_claims: ReminderClaimsTable;
  payment_tags: PaymentTagsTable;
  revenue_days: RevenueDaysTable;
  revenue_closings: RevenueClosingsTable;
}

/** The console's revenue of one closed local day at a location, per product, rail and currency (docs/decisions/0349). */
export interface RevenueDaysTable {
  location_id: string;
  day: string;
  product: PayableType;
  rail: PaymentRail;
  currency: "mxn" | "usd";
  amount: number;
}

/** Up to which local day a location's revenue is rolled up, cut on which zone's clock (docs/decisions/0349). */
export interface RevenueClosingsTable {
  location_id: string;
  time_zone: string;
  open_day: string;
  open_from: string;
  updated_at: string;
}

/** The driver's business / personal tag of one of their charges (docs/decisions/0187). */
export interface PaymentTagsTable {
  payment_id: string;
  user_id: string;
  tag: "business" | "personal";
  updated_at: string;
}

type Bool = 0 | 1;

export interface OrganisationsTable {
  id: string;
  name: string;
  contact_email: string | null;
  contact_phone: string | null;
  created_at: string;
}

export interface HostsTable {
  hostname: string;
  is_default: Bool;
  organisation_id: string | null;
  theme: "isisa" | "freeflow" | "estaciona";
  domain: "estaciona" | "freeflow";
  subdomain: string | null;
  country: "mx" | "us";
  force_spanish: Bool;
  login_text_es: string;
  login_text_en: string;
  width: number;
  map_lat: number;
  map_lng: number;
  map_zoom: number;
  privacy_url_en: string | null;
  brand_name: string;
  primary_color: string;
  logo: string;
  /** JSON array of feature names the host offers. */
  features: string;
  client_id: string;
  /** JSON array of the location ids the host offers; null: every location of its organisation in its country. */
  location_ids: string | null;
  /** The host's own support contact; null: its organisation's. */
  support_email: string | null;
  support_phone: string | null;
  /** JSON `{ es: [{ question, answer }], en: [...] }`; null: the questions of the host's theme and country. */
  faq: string | null;
  created_at: string;
}

export interface OAuthClientsTable {
  client_id: string;
  /** Public clients (the SPA) carry a secret that is not a secret (docs/product/sign-in-and-sessions.md); it is not checked. */
  client_secret: string;
  is_public: Bool;
  name: string;
  created_at: string;
}

export interface UsersTable {
  id: string;
  phone: string;
  /** The phone's last four characters, computed by the database for the console's search (decision 0353). */
  phone_last4: ColumnType<string, never, never>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  email_verified_at: string | null;
  student_id: string | null;
  locale: "es" | "en";
  role: "driver" | "admin";
  status: "active" | "suspended";
  free_flow_activation: string | null;
  payment_methods_mx: Bool;
  payment_methods_us: Bool;
  /** Consecutive failed sign-ins for this phone; a resend does not reset it (NIST 800-63B-4 §3.1.3.2). */
  sign_in_failures: number;
  sign_in_paused_until: string | null;
  registered_domain: "estaciona" | "freeflow";
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface VehiclesTable {
  id: string;
  user_id: string;
  plate: string;
  state: string;
  country: "mx" | "us";
  brand: string | null;
  model: string | null;
  year: number | null;
  color: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface LoginCodesTable {
  id: string;
  phone: string;
  code_hmac: string;
  ip: string;
  created_at: string;
  expires_at: string;
  wrong_tries: number;
  consumed_at: string | null;
}

export interface EmailCodesTable {
  id: string;
  phone: string;
  email: string;
  code_hmac: string;
  created_at: string;
  expires_at: string;
  wrong_tries: number;
  consumed_at: string | null;
}

/** A session is a refresh-token family (RFC 9700 §4.14.2). */
export interface SessionsTable {
  id: string;
  user_id: string;
  client_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface OutboxMessagesTable {
  id: string;
  channel: "sms" | "whatsapp" | "email";
  provider: string;
  recipient: string;
  subject: string | null;
  body: string;
  provider_ref: string | null;
  created_at: string;
  /** The provider's latest word on delivery (Twilio's status callback, docs/decisions/0244); null: none yet. */
  delivery_status: string | null;
  /** The provider's error code with an `undelivered` or `failed` status (Twilio's `ErrorCode`). */
  delivery_error: string | null;
  delivery_updated_at: string | null;
}

/** A message claimed before it is sent, and what became of the send (docs/decisions/0120). */
/** A gateway's webhook, stored raw once per (provider, event id) (docs/decisions/0155). */
export interface ProviderEventsTable {
  id: string;
  provider: string;
  /** The provider's own event id (Conekta `id`, NMI `event_id`): unique per provider. */
  event_id: string;
  type: string;
  /** Our charge the event was matched to, once the job has looked. */
  payment_id: string | null;
  /** The body exactly as received (UTF-8). */
  payload: string;
  outcome: "pending" | "applied" | "ignored" | "unmatched";
  received_at: string;
  applied_at: string | null;
}

export interface MessageClaimsTable {
  id: string;
  /** What the message is about, its kind and its channel: at most one message per key. */
  message_key: string;
  channel: "sms" | "whatsapp" | "email";
  /** `claimed` while sending (or after a crash mid-send), then `sent`, `failed` (nothing went out) or `unknown`. */
  status: "claimed" | "sent" | "failed" | "unknown";
  provider: string;
  provider_ref: string | null;
  attempts: number;
  last_error: string | null;
  claimed_at: string;
  updated_at: string;
}

export interface LocationsTable {
  id: string;
  organisation_id: string;
  name: string;
  /** How a payment line names the place ("Fundidora"); null reads `name` (docs/decisions/0145). */
  short_name: string | null;
  address: string;
  lat: number;
  lng: number;
  time_zone: string;
  country: "mx" | "us";
  currency: "mxn" | "usd";
  kind: "lot" | "meter" | "venue" | "valet";
  is_freeflow: Bool;
  grace_minutes: number;
  first_period_minutes: number;
  first_period_price: number;
  increment_minutes: number;
  increment_price: number;
  daily_max: number | null;
  tax_rate_bp: number;
  convenience_rate_bp: number;
  convenience_fixed: number;
  card_rate_bp: number;
  card_fixed: number;
  capacity: number | null;
  exit_window_minutes: number;
  invoice_window_days: number;
  email_domain: string | null;
  active: Bool;
  /** `none`: no invoices; `approval`: an operator approves each request before it is issued. */
  invoicing: Generated<"none" | "automatic" | "approval">;
  /** 0: payments with a discount are not invoiced here (`invoice_with_discount_not_available`). */
  invoice_discounted: Generated<Bool>;
  created_at: string;
}

/** A pay-per-stay visit (docs/product/parking.md). The breakdown is fixed when the visit is settled; null while it runs. */
export interface VisitsTable {
  id: string;
  user_id: string;
  vehicle_id: string;
  location_id: string;
  status: "inactive" | "in_progress" | "finished" | "pending_payment";
  source: "app" | "device";
  entry_device_id: string | null;
  exit_device_id: string | null;
  entered_at: string | null;
  exited_at: string | null;
  paid_at: string | null;
  /** Until when a paid visit may leave through the gate. */
  exit_deadline: string | null;
  subtotal: number | null;
  convenience_fee: number | null;
  processing_fee: number | null;
  tax: number | null;
  total: number | null;
  currency: "mxn" | "usd";
  created_at: string;
  updated_at: string;
}

/** A gate, camera, meter or valet stand; it authenticates with a key of which only an HMAC is kept. */
export interface DevicesTable {
  id: string;
  device_id: string;
  location_id: string;
  kind: "gate" | "camera" | "meter" | "valet";
  direction: "entry" | "exit" | "both";
  key_hash: string;
  /** What the operator calls it ("Gate north"); the device id is what the device itself sends. */
  name: string | null;
  /** A revoked device's key is refused. */
  revoked_at: string | null;
  created_at: string;
}

/** An operator (role `admin`) belongs to one organisation; `platform` also manages hosts and organisations. */
export interface OperatorMembershipsTable {
  user_id: string;
  organisation_id: string;
  platform: Bool;
  created_at: string;
}

/** A member with grants sees only these locations of the organisation (a staff member). */
export interface OperatorLocationGrantsTable {
  user_id: string;
  location_id: string;
}

/** Every operator change: who, when, what, the values before and after (JSON text). */
/** A driver refused at one organisation's locations (docs/decisions/0166); the platform role's suspension is `users.status`. */
export interface DriverSuspensionsTable {
  user_id: string;
  organisation_id: string;
  suspended_by: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  organisation_id: string | null;
  actor_user_id: string;
  action: string;
  subject_type: string;
  subject_id: string;
  /** The location the change is about (null: organisation-wide); a staff member reads only theirs. */
  location_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** A plan at a location (docs/product/passes-and-promo-codes.md); its cost is one period's subtotal, before fees and tax. */
export interface PlansTable {
  id: string;
  location_id: string;
  name: string;
  cost: number;
  currency: "mxn" | "usd";
  interval_unit: "day" | "week" | "month" | "year" | "one_time";
  availability: number | null;
  requires_student_id: Bool;
  discount_kind: "percent" | "amount" | null;
  discount_value: number | null;
  status: "active" | "archived";
  created_at: string;
  updated_at: string;
}

/** A promo code; `value` is a percentage (1–100) or an amount in minor units of `currency`. */
export interface DiscountsTable {
  id: string;
  code: string;
  kind: "percent" | "amount";
  value: number;
  currency: "mxn" | "usd" | null;
  plan_id: string | null;
  periods: number | null;
  starts_on: string | null;
  ends_on: string | null;
  max_redemptions: number | null;
  redemptions: number;
  /** The organisation whose plans the code discounts (all of them when `plan_id` is null, never another's). */
  organisation_id: string | null;
  /** Ended by an operator: no more redemptions. */
  disabled_at: string | null;
  created_at: string;
}

/** A pass (docs/product/passes-and-promo-codes.md): statuses of docs/product/entities-and-states.md, Stripe's transitions. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  vehicle_id: string;
  plan_id: string;
  location_id: string;
  status: "incomplete" | "expired" | "trial" | "active" | "past_due" | "canceled" | "unpaid";
  anchor_date: string;
  anchor_period: number;
  current_period: number;
  cancel_at_period_end: Bool;
  discount_id: string | null;
  failed_attempts: number;
  next_retry_at: string | null;
  /** The period whose renewal reminder was sent. */
  reminded_period: number | null;
  expires_at: string | null;
  canceled_at: string | null;
  ended_at: string | null;
  /** The origin the driver bought on (`driverOrigin`), where later messages link; null before 2026-11-26. */
  origin: string | null;
  created_at: string;
  updated_at: string;
}

/** One period of a pass: the ledger's payable (`subscription_period`), charged at most once. */
export interface SubscriptionPeriodsTable {
  id: string;
  subscription_id: string;
  number: number;
  start_date: string;
  /** The first day after the period (exclusive). */
  end_date: string;
  starts_at: string;
  ends_at: string;
  status: "due" | "paid" | "failed";
  discount: number;
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
  currency: "mxn" | "usd";
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DiscountRedemptionsTable {
  id: string;
  discount_id: string;
  user_id: string;
  subscription_id: string;
  created_at: string;
}

/** A partner landing (/aisd, /vaughn) as one host shows it. */
export interface PartnerPagesTable {
  slug: string;
  hostname: string;
  title_es: string;
  title_en: string;
  text_es: string;
  text_en: string;
  /** JSON array of location ids. */
  location_ids: string;
  created_at: string;
}

/** A driver's account at a payment provider, one per user and gateway. */
export interface PaymentCustomersTable {
  id: string;
  user_id: string;
  gateway: string;
  customer_ref: string;
  created_at: string;
}

/** A saved card: provider references and masked details only, never the number (PCI-6). */
export interface PaymentMethodsTable {
  id: string;
  user_id: string;
  gateway: string;
  country: "mx" | "us";
  customer_ref: string;
  card_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  /** Credit or debit as the gateway told when the card was saved; null when it did not (docs/decisions/0162). */
  funding: Generated<"credit" | "debit" | null>;
  /** Set on a wallet payment's one-off method, whose `card_ref` is the wallet's single-use token (docs/decisions/0284). */
  wallet: Generated<WalletKind | null>;
  is_default: Bool;
  free_flow: Bool;
  /** Null until the verification charge succeeded. */
  verified_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The ledger (docs/product/money.md): every charge, refund and verification. */
export interface PaymentsTable {
  id: string;
  user_id: string;
  purpose: string;
  payable_type: PayableType;
  payable_id: string;
  /**
   * Where the payable belongs and what it parked, recorded with the charge (refunds copy their
   * charge's): the console, its CSV and revenue read one table (docs/decisions/0105). Null for a
   * card verification, which is no sale at a location; the vehicle is null when the product
   * knows only a typed plate (valet).
   */
  location_id: string | null;
  organisation_id: string | null;
  vehicle_id: string | null;
  kind: "charge" | "refund";
  parent_payment_id: string | null;
  gateway: string;
  payment_method_id: string | null;
  /**
   * How the money came (docs/decisions/0323): written with the charge from what pays it, copied to its
   * refunds, so revenue by rail reads the ledger's index alone (docs/decisions/0346).
   */
  rail: PaymentRail;
  currency: "mxn" | "usd";
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  amount: number;
  status: "pending" | "succeeded" | "failed" | "requires_action" | "refunded";
  provider_ref: string | null;
  /** The 3-D Secure challenge URL while `requires_action`. */
  action_url: string | null;
  failure_code: string | null;
  idempotency_key: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}

/** A driver's prepaid balance at one organisation in one currency (docs/decisions/0210): never below zero. */
export interface BalancesTable {
  id: string;
  user_id: string;
  organisation_id: string;
  currency: "mxn" | "usd";
  amount: number;
  created_at: string;
  updated_at: string;
}

/** A top-up: the ledger's `balance_top_up` payable, made at one of the organisation's locations. */
export interface BalanceTopUpsTable {
  id: string;
  user_id: string;
  balance_id: string;
  location_id: string;
  amount: number;
  status: "pending" | "paid" | "failed";
  created_at: string;
  updated_at: string;
}

/** Every change of a balance, once per ledger line and kind; `amount` signed (credits positive). */
export interface BalanceMovementsTable {
  id: string;
  balance_id: string;
  kind: "top_up" | "spend" | "refund" | "payout" | "payout_reversed";
  amount: number;
  payment_id: string;
  created_at: string;
}

export interface IdempotencyKeysTable {
  id: string;
  user_id: string;
  key: string;
  request_hash: string;
  status: "in_progress" | "completed";
  response_status: number | null;
  /** JSON of the first answer (success body or error code), replayed on a retry. */
  response_body: string | null;
  created_at: string;
  locked_at: string;
}

/** Add-card attempts, counted for the card-testing caps (PCI-7). */
export interface CardAttemptsTable {
  id: string;
  user_id: string;
  ip: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON */
  payload: string;
  run_at: string;
  status: "queued" | "running" | "succeeded" | "failed";
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_at: string | null;
  locked_by: string | null;
  dedupe_key: string | null;
  created_at: string;
  updated_at: string;
}

/** What the sandbox knows of a card, as a one-time token and once saved. */
interface SandboxCardDetails {
  /** How the card behaves when charged (sandbox/cards.ts). */
  behaviour: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
}

export interface SandboxTokensTable extends SandboxCardDetails {
  id: string;
  created_at: string;
  used_at: string | null;
}

export interface SandboxCustomersTable {
  id: string;
  name: string;
  email: string;
  created_at: string;
}

export interface SandboxCardsTable extends SandboxCardDetails {
  id: string;
  customer_id: string;
  created_at: string;
  deleted_at: string | null;
}

export interface SandboxChargesTable {
  id: string;
  reference: string;
  card_id: string;
  amount: number;
  currency: string;
  status: "succeeded" | "declined" | "requires_action";
  decline_reason: string | null;
  return_url: string | null;
  /** The event about this charge the sandbox has still to send as a webhook (decision 0354). */
  event_due: "charge.succeeded" | "charge.declined" | null;
  created_at: string;
  updated_at: string;
}

/** What a driver needs to pay a reference charge (docs/decisions/0280): the OXXO reference or the CLABE. */
export interface PaymentReferencesTable {
  payment_id: string;
  rail: "oxxo" | "spei";
  /** Null from the charge's first step until the gateway issues the reference. */
  number: string | null;
  barcode_url: string | null;
  bank: string | null;
  expires_at: string;
  created_at: string;
}

/** The sandbox gateway's references, paid by its "simulate payment" action (docs/sandbox.md). */
export interface SandboxReferencesTable {
  id: string;
  reference: string;
  rail: "oxxo" | "spei";
  number: string;
  amount: number;
  currency: string;
  expires_at: string;
  paid_at: string | null;
  created_at: string;
}

export interface SandboxRefundsTable {
  id: string;
  reference: string;
  charge_id: string;
  amount: number;
  created_at: string;
}

/** An operator's fiscal data: the Emisor of its CFDIs (docs/product/invoicing-account-contact.md). */
export interface InvoiceIssuersTable {
  organisation_id: string;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  postal_code: string;
  series: string;
  last_folio: number;
  /** How often its global invoice is issued (docs/decisions/0293). */
  global_periodicity: Generated<GlobalPeriodicity>;
  /** The end of the last period its global invoice sweep collected; null before the first (docs/decisions/0310). */
  global_swept_through: string | null;
  created_at: string;
}

export type GlobalPeriodicity = "daily" | "weekly" | "fortnightly" | "monthly" | "bimonthly";

/** One organisation's CFDI to the general public for a period's sales no driver invoiced (docs/decisions/0293). */
export interface GlobalInvoicesTable {
  id: string;
  organisation_id: string;
  period_key: string;
  periodicity: GlobalPeriodicity;
  /** InformacionGlobal's Meses (c_Meses: 01–12, 13–18 for two months) and Año. */
  months: string;
  year: number;
  period_start: string;
  period_end: string;
  status: "issuing" | "issued" | "failed";
  series: string;
  folio: number;
  issuer_rfc: string;
  issuer_name: string;
  issuer_regime: string;
  issuer_postal_code: string;
  payment_form: string;
  subtotal: number;
  tax: number;
  total: number;
  provider: string;
  provider_ref: string | null;
  cfdi_uuid: string | null;
  stamped: Bool;
  xml: string | null;
  pdf_base64: string | null;
  failure_code: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A payment on a global invoice, with what is left of it after refunds. */
export interface GlobalInvoicePaymentsTable {
  global_invoice_id: string;
  payment_id: string;
  location_id: string;
  base: number;
  tax: number;
  tax_rate_bp: number;
  total: number;
  payment_form: string;
  paid_at: string;
}

/**
 * A credit note (CFDI de egreso) for one refund of a payment on an issued CFDI: a driver's invoice
 * or a global invoice, related to it with TipoRelacion 01 (docs/decisions/0308).
 */
export interface CreditNotesTable {
  id: string;
  organisation_id: string;
  refund_payment_id: string;
  charge_payment_id: string;
  invoice_id: string | null;
  global_invoice_id: string | null;
  status: "issuing" | "issued" | "failed";
  series: string;
  folio: number;
  description: string;
  base: number;
  tax: number;
  tax_rate_bp: number;
  total: number;
  payment_form: string;
  provider: string;
  provider_ref: string | null;
  cfdi_uuid: string | null;
  stamped: Bool;
  xml: string | null;
  pdf_base64: string | null;
  failure_code: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A driver's fiscal data for invoices (CFDI 4.0 Receptor). */
export interface TaxProfilesTable {
  id: string;
  user_id: string;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  cfdi_use: string;
  postal_code: string;
  email: string;
  is_default: Bool;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A CFDI 4.0 invoice of one payment or a month of payments, with the issuer and receiver as requested. */
export interface InvoicesTable {
  id: string;
  user_id: string;
  organisation_id: string;
  tax_profile_id: string | null;
  kind: "single" | "monthly";
  status: "pending_approval" | "issuing" | "issued" | "failed" | "rejected" | "cancelled";
  series: string;
  folio: number;
  issuer_rfc: string;
  issuer_name: string;
  issuer_regime: string;
  issuer_postal_code: string;
  receiver_rfc: string;
  receiver_name: string;
  receiver_regime: string;
  receiver_postal_code: string;
  receiver_email: string;
  cfdi_use: string;
  currency: "mxn" | "usd";
  subtotal: number;
  tax: number;
  total: number;
  provider: string;
  provider_ref: string | null;
  cfdi_uuid: string | null;
  stamped: Bool;
  xml: string | null;
  pdf_base64: string | null;
  failure_code: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
  review_note: string | null;
  issued_at: string | null;
  /** Null until a cancellation is asked; then as the provider reports it (docs/decisions/0162). */
  cancellation_status: Generated<"verifying" | "pending" | "accepted" | "rejected" | "expired" | null>;
  created_at: string;
  updated_at: string;
}

/** One payment on an invoice, with the amounts it carries there (base before tax, IVA, total). */
export interface InvoicePaymentsTable {
  invoice_id: string;
  payment_id: string;
  location_id: string;
  description: string;
  base: number;
  tax: number;
  tax_rate_bp: number;
  total: number;
  paid_at: string;
  /** c_FormaPago the payment was made with: 01 cash (OXXO), 03 transfer (SPEI), 04 credit card, 28 debit card (null before 2026-11-28: 04). */
  payment_form: Generated<"01" | "03" | "04" | "28" | null>;
  /** 1 once its invoice was rejected or failed: the payment may be invoiced again. */
  released: Generated<Bool>;
}

/** A message of the contact form, e-mailed to the host operator (docs/product/invoicing-account-contact.md). */
export interface ContactMessagesTable {
  id: string;
  reference: string;
  user_id: string;
  organisation_id: string | null;
  hostname: string;
  topic: string;
  message: string;
  visit_id: string | null;
  sent_to: string | null;
  ip: string;
  created_at: string;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;

export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;

export type { Generated };

/**
 * The active meter zones that the map's query reads alone, each with its exact point and its map
 * summary as JSON text, kept by triggers on `locations` and `parking_meters` (migration
 * 2026113010). On SQLite an R*Tree (`id` and the bounds are its own); on PostgreSQL a table keyed
 * by `location_id` with a GiST index on the point, without those columns.
 */
export interface MeterMapTable {
  id: Generated<number>;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  location_id: string;
  lat: number;
  lng: number;
  summary: string;
}

/** A meter location's zone (docs/product/parking.md). `area` and `hours` are JSON text (see the migration). */
export interface ParkingMetersTable {
  location_id: string;
  zone_code: string;
  device_id: string;
  area: string;
  rate_per_hour: number;
  min_minutes: number;
  max_minutes: number;
  hours: string;
  created_at: string;
  updated_at: string;
}

/** Time bought in a zone for a plate: paid until `ends_at`. */
export interface MeterSessionsTable {
  id: string;
  user_id: string;
  vehicle_id: string;
  location_id: string;
  plate: string;
  status: "pending" | "active" | "cancelled";
  started_at: string;
  ends_at: string;
  currency: "mxn" | "usd";
  reminded_for: string | null;
  expiry_noticed_for: string | null;
  /** The origin the driver bought on (`driverOrigin`), where later messages link; null before 2026-11-26. */
  origin: string | null;
  created_at: string;
  updated_at: string;
}

/** One purchase of time (the first or an extension): the ledger's payable `meter_purchase`. */
export interface MeterPurchasesTable {
  id: string;
  session_id: string;
  user_id: string;
  minutes: number;
  ends_before: string;
  ends_after: string;
  status: "pending" | "paid" | "failed";
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
  created_at: string;
  updated_at: string;
}

/** A named group of events with a public landing (`/evento/peninsula`, docs/product/parking.md). */
export interface EventSeriesTable {
  id: string;
  /** The organisation whose console lists it (docs/decisions/0049); null for a series nobody has claimed. */
  organisation_id: string | null;
  slug: string;
  name: string;
  description: string;
  created_at: string;
}

/** An event at a venue location: its places, the amount the driver pays and the sales window. */
export interface EventsTable {
  id: string;
  location_id: string;
  series_id: string | null;
  name: string;
  description: string;
  starts_at: string;
  ends_at: string;
  places: number;
  /** Subtotal net of tax; the driver may choose one in [min_amount, max_amount] when editable. */
  suggested_amount: number;
  amount_editable: Bool;
  min_amount: number;
  max_amount: number;
  sales_open_at: string;
  sales_close_at: string;
  status: "scheduled" | "cancelled";
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Parking bought for an event (docs/decisions/0030): paid up front, entered once with its pass. */
export interface EventVisitsTable {
  id: string;
  event_id: string;
  user_id: string;
  vehicle_id: string;
  status: "inactive" | "in_progress" | "finished" | "pending_payment";
  /** 1 while the visit takes a place: paid, or its charge still in flight. */
  holds_place: Bool;
  subtotal: number;
  convenience_fee: number;
  processing_fee: number;
  tax: number;
  total: number;
  currency: "mxn" | "usd";
  paid_at: string | null;
  entered_at: string | null;
  entry_device_id: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A valet ticket opened by a stand (docs/decisions/0032): claimed by a driver, paid, then the car asked for. */
export interface ValetTicketsTable {
  id: string;
  location_id: string;
  device_id: string;
  number: string;
  plate: string | null;
  claim_hash: string;
  user_id: string | null;
  status: "inactive" | "in_progress" | "finished" | "pending_payment";
  car_status: "parked" | "requested" | "ready" | "delivered";
  opened_at: string;
  claimed_at: string | null;
  paid_at: string | null;
  requested_at: string | null;
  ready_at: string | null;
  delivered_at: string | null;
  subtotal: number | null;
  convenience_fee: number | null;
  processing_fee: number | null;
  tax: number | null;
  /** Kept apart from the fee: untaxed, no fees on it, all for the attendants. */
  tip: number | null;
  total: number | null;
  currency: "mxn" | "usd";
  created_at: string;
  updated_at: string;
}

/** A paid charge's proof: the opaque token of `/verificar/{token}` (docs/decisions/0200). */
export interface ReceiptProofsTable {
  payment_id: string;
  /** sha256 of the token; the token itself is derived again from the charge's id when the receipt is shown. */
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** "I got a ticket" on a receipt (docs/decisions/0200): one per charge, followed by the operator. */
export interface ReceiptDisputesTable {
  id: string;
  payment_id: string;
  user_id: string;
  location_id: string;
  status: "received" | "in_review" | "upheld" | "rejected";
  citation_number: string | null;
  note: string | null;
  resolution: string | null;
  created_at: string;
  updated_at: string;
}

/** A driver's reminder choices (docs/product/reminders.md); no row: the defaults. */
export interface ReminderPreferencesTable {
  user_id: string;
  channel: "sms" | "whatsapp" | "email" | "push";
  lead_minutes: number;
  /** Minutes after midnight on the place's clock; both null: no quiet hours. */
  quiet_start: number | null;
  quiet_end: number | null;
  updated_at: string;
}

/** A reminder's single-purpose extend link: its token kept only as a SHA-256 (docs/decisions/0196). */
export interface ExtendLinksTable {
  id: string;
  token_hash: string;
  user_id: string;
  session_id: string;
  payment_method_id: string;
  allowed_until: string;
  expires_at: string;
  used_at: string | null;
  used_key: string | null;
  revoked_at: string | null;
  created_at: string;
}

/** One browser install's Web Push subscription (docs/decisions/0290): where its push service takes messages, and the keys they are encrypted to. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The sign-in session that subscribed: its log-out removes the row. */
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A reminder claimed before it is sent: once per key, whatever the channel (docs/decisions/0291). */
export interface ReminderClaimsTable {
  reminder_key: string;
  claimed_at: string;
}

/** A lot or meter zone a driver starred (docs/decisions/0241). */
export interface FavouritePlacesTable {
  user_id: string;
  location_id: string;
  created_at: string;
}
