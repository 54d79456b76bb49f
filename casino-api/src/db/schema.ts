/**
 * The database schema of the casino API (PostgreSQL, and PGlite embedded). Tables are not
 * schema-qualified: in PostgreSQL they land in the first schema of the search_path, which lets
 * each test run work in a schema of its own.
 *
 * Timestamps are written by the service (its clock, see `now` in server.ts), not by defaults,
 * so that tests can move time; the defaults only cover hand-made rows.
 */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { CURRENCIES } from '../../contract/format.ts'
import { DEFAULT_LOCALE, LOCALES } from '../../contract/locales.ts'
import type { GamePresentation } from '../../contract/games/feed.ts'
import { BONUS_TYPES } from '../../contract/bonuses/schemas.ts'
import { RESTRICTION_KINDS } from '../../contract/player/schemas.ts'
import { KYC_CONTENT_TYPES, KYC_DOCUMENT_KINDS } from '../../contract/player/kyc.ts'
import { DEPOSIT_LIMIT_PERIODS, MONEY_LIMIT_KINDS } from '../../contract/payments/limits.ts'

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const scopeEnum = pgEnum('scope', ['player', 'admin'])
export const playerStatusEnum = pgEnum('player_status', ['pending', 'active', 'suspended', 'closed'])
export const genderEnum = pgEnum('gender', ['male', 'female'])
export const localeEnum = pgEnum('locale', LOCALES)
export const currencyEnum = pgEnum('currency', CURRENCIES)
/** What a player asked of their own account (issue 23, ADR 0060): a break, a self-exclusion, a closure. */
export const restrictionKindEnum = pgEnum('account_restriction_kind', RESTRICTION_KINDS)
export const oneTimeTokenKindEnum = pgEnum('one_time_token_kind', ['activation', 'password_reset', 'email_change'])

export const players = pgTable(
  'players',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Always stored lower-case (the contract's email rule lower-cases it). */
    email: text('email').notNull(),
    /** Normalized: a leading + and digits only (normalizePhone of the contract). */
    phone: text('phone').notNull(),
    /** argon2id, PHC string format. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: genderEnum('gender').notNull(),
    birthday: date('birthday', { mode: 'string' }).notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2, upper-case. */
    country: text('country').notNull(),
    language: localeEnum('language').notNull().default(DEFAULT_LOCALE),
    currency: currencyEnum('currency').notNull().default('EUR'),
    newsletter: boolean('newsletter').notNull().default(false),
    promoCode: text('promo_code'),
    scope: scopeEnum('scope').notNull().default('player'),
    status: playerStatusEnum('status').notNull().default('pending'),
    /** Set on a seeded account (admin): every call but a few is refused until the password is changed. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /**
     * The player's own restriction of the account (ADR 0060), in force while `restrictedUntil` is
     * in the future or null (for good): no log-in, no session, no stake, no bonus. Never lifted
     * early: only a later one (once this one is over) replaces it. Its history is account_restrictions.
     */
    restriction: restrictionKindEnum('restriction'),
    restrictedUntil: at('restricted_until'),
    /**
     * Dormancy (ADR 0062): the last log-in (player_logins is pruned after a year), when the player
     * was told the account would close for want of one (a month before), and when it was closed
     * for it (status 'closed').
     */
    lastLoginAt: at('last_login_at'),
    dormancyNoticeAt: at('dormancy_notice_at'),
    dormantClosedAt: at('dormant_closed_at'),
    /** When the player confirmed being 18 or older, accepted the terms and confirmed the currency. */
    ageConfirmedAt: at('age_confirmed_at').notNull(),
    termsAcceptedAt: at('terms_accepted_at').notNull(),
    currencyConfirmedAt: at('currency_confirmed_at').notNull(),
    registrationIp: text('registration_ip'),
    /** The player's code in their referral link (ADR 0057): eight characters, unique. */
    referralCode: text('referral_code'),
    /** The player whose referral link this account registered through, if any. */
    referredBy: uuid('referred_by').references((): AnyPgColumn => players.id, { onDelete: 'restrict' }),
    activatedAt: at('activated_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Usernames are unique regardless of case ('Demo' and 'demo' are one account).
    uniqueIndex('players_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('players_email_key').on(t.email),
    uniqueIndex('players_phone_key').on(t.phone),
    uniqueIndex('players_referral_code_key').on(t.referralCode),
    index('players_referred_by_idx').on(t.referredBy),
    check('players_not_own_referrer', sql`${t.referredBy} IS NULL OR ${t.referredBy} <> ${t.id}`),
    check('players_country_format', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('players_restricted_until', sql`${t.restriction} IS NOT NULL OR ${t.restrictedUntil} IS NULL`),
  ],
)

/** Every restriction a player asked for, kept for the operator's records after it ended (ADR 0060). */
export const accountRestrictions = pgTable(
  'account_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: restrictionKindEnum('kind').notNull(),
    /** The period the player chose (RESTRICTION_PERIODS of the contract). */
    period: text('period').notNull(),
    startsAt: at('starts_at').notNull(),
    /** Null: for good. */
    endsAt: at('ends_at'),
    ip: text('ip'),
  },
  (t) => [index('account_restrictions_player_idx').on(t.playerId, t.startsAt)],
)

export const depositLimitPeriodEnum = pgEnum('deposit_limit_period', DEPOSIT_LIMIT_PERIODS)

/** What a money limit counts: what the player deposits (ADR 0061), or what they lose at play (ADR 0064). */
export const moneyLimitKindEnum = pgEnum('money_limit_kind', MONEY_LIMIT_KINDS)

/**
 * A player's own deposit or loss limit of a period (ADRs 0061, 0064), one row per kind and period
 * that has one. `amount` is the limit in force; a raise or removal asked for waits in `nextAmount`
 * (null: removal) until `nextFrom`, when the player may confirm it. Changed only under the player's
 * row lock.
 */
export const moneyLimits = pgTable(
  'money_limits',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: moneyLimitKindEnum('kind').notNull(),
    period: depositLimitPeriodEnum('period').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    nextAmount: bigint('next_amount', { mode: 'number' }),
    nextFrom: at('next_from'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.kind, t.period] }),
    check('money_limits_amount', sql`${t.amount} > 0`),
    check('money_limits_next', sql`${t.nextAmount} IS NULL OR ${t.nextFrom} IS NOT NULL`),
  ],
)

/** Every change of a deposit or loss limit, kept for the operator's records (ADRs 0061, 0064). */
export const moneyLimitChanges = pgTable(
  'money_limit_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: moneyLimitKindEnum('kind').notNull(),
    period: depositLimitPeriodEnum('period').notNull(),
    /** set (at once), asked (a raise or removal waiting), confirmed, dropped. */
    change: text('change').notNull(),
    /** The limit before and after (null: none). */
    fromAmount: bigint('from_amount', { mode: 'number' }),
    toAmount: bigint('to_amount', { mode: 'number' }),
    at: at('at').notNull(),
    ip: text('ip'),
  },
  (t) => [index('money_limit_changes_player_idx').on(t.playerId, t.at)],
)

/**
 * The player's session-time limit (accounts/session-limit.ts, ADR 0063): how long one log-in lasts
 * at most, and a raise or removal waiting (`next_minutes` null with `next_from` set: a removal).
 */
export const sessionLimits = pgTable(
  'session_limits',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
    nextMinutes: integer('next_minutes'),
    nextFrom: at('next_from'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('session_limits_minutes', sql`${t.minutes} > 0`),
    check('session_limits_next', sql`${t.nextMinutes} IS NULL OR ${t.nextFrom} IS NOT NULL`),
  ],
)

/**
 * The player's reality check (accounts/reality-check.ts, ADR 0065): every `minutes` of play the
 * wallet refuses stakes from `due_at` until the player answers it; play is counted from `since`
 * (the log-in, or when the check was set during it).
 */
export const realityChecks = pgTable(
  'reality_checks',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    minutes: integer('minutes').notNull(),
    since: at('since').notNull(),
    dueAt: at('due_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [check('reality_checks_minutes', sql`${t.minutes} > 0`)],
)

/**
 * Two-factor authentication (ADR 0066): the account's TOTP secret, on from `enabledAt` (null: a
 * set-up waiting for its first code). `lastStep` is the time step of the last code taken: a code
 * counts once (RFC 6238, 5.2). Changed under this row's lock.
 */
export const twoFactor = pgTable('two_factor', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: at('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: at('created_at').notNull(),
})

/** Recovery codes of two-factor authentication: hashed like passwords, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('recovery_codes_player_idx').on(t.playerId)],
)

/**
 * A log-in waiting for its code: the right password was given, the token comes with the code.
 * Only the SHA-256 of the challenge is stored; it is good once, for a few minutes and a few tries.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The device token the first step came with, renewed when the log-in ends. */
    deviceTokenId: uuid('device_token_id').references(() => deviceTokens.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    failures: integer('failures').notNull().default(0),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('login_challenges_token_hash_key').on(t.tokenHash)],
)

/** Bytes as PostgreSQL keeps them (bytea): PGlite answers a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * Identity documents (KYC, ADR 0067): the image itself, in the database (every instance reads it,
 * backups keep it, no web root serves it), with what its bytes say it is and its review.
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    contentType: text('content_type', { enum: KYC_CONTENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    status: text('status', { enum: ['under_review', 'approved', 'rejected'] })
      .notNull()
      .default('under_review'),
    reason: text('reason'),
    uploadedAt: at('uploaded_at').notNull(),
    reviewedAt: at('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => players.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('kyc_documents_player_idx').on(t.playerId, t.uploadedAt),
    index('kyc_documents_status_idx').on(t.status, t.uploadedAt),
  ],
)

/** A request for documents: open until the identity is verified after it (`fulfilledAt`). */
export const kycRequests = pgTable('kyc_requests', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  requestedAt: at('requested_at').notNull(),
  dueAt: at('due_at').notNull(),
  /** The administrator who asked; null when a withdrawal asked. */
  requestedBy: uuid('requested_by').references(() => players.id, { onDelete: 'set null' }),
  note: text('note'),
  fulfilledAt: at('fulfilled_at'),
  /** Every withdrawal waits while it is open, not only once overdue: a reset of two-factor authentication asked (ADR 0069). */
  holdsWithdrawals: boolean('holds_withdrawals').notNull().default(false),
})

/** Bearer tokens: only the SHA-256 of the opaque token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdIp: text('created_ip'),
    userAgent: text('user_agent'),
    /** When a call last used it, to within SESSION_SEEN_EVERY_MS (http/auth.ts): the active-sessions list. */
    lastSeenAt: at('last_seen_at'),
    /** Its expiry is the player's session-time limit (accounts/session-limit.ts): a call after it is told so. */
    endsByLimit: boolean('ends_by_limit').notNull().default(false),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index('access_tokens_player_idx').on(t.playerId),
  ],
)

/**
 * Each successful log-in: when, from which address and country, on which browser. The player is
 * shown the last one other than the session they are in (the profile, the log-in's toast), so a
 * log-in they did not make shows. Kept a year (maintenance.ts), after the access tokens are gone.
 */
export const playerLogins = pgTable(
  'player_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The access token the log-in made (no reference: tokens are pruned sooner). */
    accessTokenId: uuid('access_token_id').notNull(),
    at: at('at').notNull(),
    ip: text('ip').notNull(),
    countryCode: text('country_code'),
    userAgent: text('user_agent'),
  },
  (t) => [index('player_logins_player_idx').on(t.playerId, t.at)],
)

/** Single-use tokens of e-mailed links (activation, password reset, e-mail change), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: oneTimeTokenKindEnum('kind').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdIp: text('created_ip'),
    /** 'email_change' only: the address the link was sent to, which becomes the account's when it is opened. */
    newEmail: text('new_email'),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
    index('one_time_tokens_player_kind_idx').on(t.playerId, t.kind, t.createdAt),
  ],
)

/**
 * Every log-in attempt. The account key is the lower-cased username as typed, so that unknown
 * usernames are counted (and locked) like existing ones and the answer tells nothing apart.
 * A successful log-in marks the account's earlier failures `cleared`.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountKey: text('account_key').notNull(),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    cleared: boolean('cleared').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when the attempt came with a valid device token: counted against that device only. */
    deviceTokenId: uuid('device_token_id').references(() => deviceTokens.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
)

/**
 * Device tokens (OWASP "device cookies"): issued at a successful log-in and bound to that
 * account; a log-in that presents one with the right password is let in while the account is
 * slowed down for everyone else. Only the SHA-256 of the opaque token is stored.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('device_tokens_token_hash_key').on(t.tokenHash),
    index('device_tokens_player_idx').on(t.playerId),
  ],
)

/**
 * Counters of rate-limiter-flexible's drizzle store (key, points, expire), shared by every
 * instance of the casino API: the per-ip and per-account limits of the username check,
 * registration and forgotten-password calls.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: at('expire'),
})

/**
 * The Idempotency-Key of every call the contract marks `idempotent` (http/idempotency.ts), per
 * account: the first request the casino API carries out binds the key to a hash of the call's
 * name and params, so the key names that one request. Kept as long as the payments it keyed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    call: text('call').notNull(),
    /** SHA-256 of the call's name and its canonical params, card numbers and CVVs left out. */
    requestHash: text('request_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
)

/** Active lockouts: key 'account:<username>', 'ip:<address>' or 'device:<device token id>'. */
export const loginLocks = pgTable('login_locks', {
  key: text('key').primaryKey(),
  lockedUntil: at('locked_until').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
})

/**
 * Site settings, one row per top-level field of the contract's SiteSettings. A SQL NULL value is
 * the setting's null (drizzle sends a JSON null as SQL NULL).
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** Messages of the contact form, from players (player_id) or visitors (name and e-mail). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'set null' }),
    name: text('name'),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    /** The language of the page it was sent from: a visitor's answer is written in it. */
    language: localeEnum('language').notNull().default(DEFAULT_LOCALE),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When an administrator answered it (the answer went to the player's mailbox or the visitor's e-mail). */
    handledAt: at('handled_at'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => players.id, { onDelete: 'restrict' }),
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
)

export const mailboxCategoryEnum = pgEnum('mailbox_category', ['account', 'payment', 'bonus', 'promotion', 'support'])

/**
 * Messages from the casino to one player (a withdrawal decided, a support answer, later bonus
 * grants): written in the player's language when the event happens, in the same database
 * transaction; plain text (the casino API renders it as escaped HTML). A message belongs to one
 * player: every read, update and delete names the player too. `source` makes a message written
 * once per event (e.g. 'withdrawal:<payment id>').
 */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    category: mailboxCategoryEnum('category').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    source: text('source'),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    index('mailbox_messages_player_idx').on(t.playerId, t.createdAt),
    index('mailbox_messages_unread_idx')
      .on(t.playerId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('mailbox_messages_source_key').on(t.playerId, t.source),
  ],
)

// ---- ledger -------------------------------------------------------------------------------
//
// Double entry: every movement of money is one ledger transaction whose postings sum to zero
// (checked when the INSERT of its postings ends, by the trigger of
// db/sql/ledger_postings_inserted.sql). A posting adds its signed amount, in cents, to its
// account's balance in the same statement (that trigger too), and a player's account can never go below zero (check constraint), so balances are
// always in step with the postings and never negative. The other side of a player's money is a
// system account (cash received through processors, games, bonuses, fees), which may be
// negative. A player's loyalty points are a 'points' account of their own (ADR 0054), counted in
// points, not cents, in the player's currency: its counterpart is the system account
// 'loyalty_points', and a transaction that moves points moves nothing else, so every transaction
// still sums to zero in one unit.

export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', ['real', 'bonus', 'system', 'points'])

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerAccountKindEnum('kind').notNull(),
    /** Set for a player's accounts ('real', 'bonus', 'points'). */
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'restrict' }),
    /** Set for 'system' accounts: 'cash', 'games', 'bonus', 'fees', 'adjustments'... */
    code: text('code'),
    currency: currencyEnum('currency').notNull(),
    /** Cents; kept equal to the sum of the account's postings by the posting trigger. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    /**
     * Postings that moved the balance since this column came (migration 0020), counted by the
     * posting trigger (db/sql/ledger_postings_inserted.sql) under the account's row lock: a player's balance version is the sum over
     * their real and bonus accounts (the `version` of the contract's Balance).
     */
    balanceVersion: bigint('balance_version', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_player_key')
      .on(t.playerId, t.kind, t.currency)
      .where(sql`${t.playerId} IS NOT NULL`),
    uniqueIndex('ledger_accounts_system_key')
      .on(t.code, t.currency)
      .where(sql`${t.kind} = 'system'`),
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} = 'system') = (${t.playerId} IS NULL) AND (${t.kind} = 'system') = (${t.code} IS NOT NULL)`,
    ),
    check('ledger_accounts_player_balance_nonnegative', sql`${t.kind} = 'system' OR ${t.balance} >= 0`),
    // At most 2^52 - 1 cents in each of a player's accounts, so that real + bonus is always a safe
    // integer: a balance past 2^53 cannot be read back exactly by the casino API or its clients
    // (MAX_ACCOUNT_BALANCE in wallet/ledger.ts; ADR 0036).
    check('ledger_accounts_player_balance_safe', sql`${t.kind} = 'system' OR ${t.balance} <= 4503599627370495`),
  ],
)

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** deposit, withdrawal, bet, win, rollback, bonus_grant, bonus_conversion, fee, adjustment... */
    kind: text('kind').notNull(),
    /** A replay with the same key moves nothing and finds the first transaction. */
    idempotencyKey: text('idempotency_key').notNull(),
    playerId: uuid('player_id').references(() => players.id, { onDelete: 'restrict' }),
    currency: currencyEnum('currency').notNull(),
    /** Processor reference, game round id... */
    reference: text('reference'),
    meta: jsonb('meta'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_player_idx').on(t.playerId, t.createdAt),
  ],
)

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed cents: positive adds to the account's balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_transaction_idx').on(t.transactionId),
    index('ledger_postings_account_idx').on(t.accountId),
    check('ledger_postings_amount_nonzero', sql`${t.amount} <> 0`),
  ],
)

// ---- game wallet ---------------------------------------------------------------------------
//
// The provider wallet's bets, wins and rollbacks (wallet/games.ts). One row per transaction id
// of the provider: the idempotency record (a replay answers this row and moves nothing) and the
// answer it gave. The money itself moved in ledger_transactions, whose idempotency key
// 'game:<provider>:<transaction id>' is kept for good, so a replay arriving after this row was
// purged (maintenance keeps rows at least four months) is refused, never paid twice.

export const walletTransactionKindEnum = pgEnum('wallet_transaction_kind', ['bet', 'win', 'rollback'])

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who sent it: 'builtin' for the built-in game provider. */
    provider: text('provider').notNull(),
    /** The provider's transaction id: unique per provider. */
    externalId: text('external_id').notNull(),
    kind: walletTransactionKindEnum('kind').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    currency: currencyEnum('currency').notNull(),
    roundId: text('round_id').notNull(),
    gameId: text('game_id').notNull(),
    /** Cents asked for: the stake of a bet, the win; for a rollback, the stake it gave back. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** How `amount` was split between the real and the bonus balance. */
    realAmount: bigint('real_amount', { mode: 'number' }).notNull().default(0),
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull().default(0),
    /** Null when nothing moved (a win of zero, a rollback of a bet never received). */
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    /** A rollback's bet (its transaction id at the same provider). */
    rollsBack: text('rolls_back'),
    /** The balances right after: part of the answer a replay gets again. */
    realAfter: bigint('real_after', { mode: 'number' }).notNull(),
    bonusAfter: bigint('bonus_after', { mode: 'number' }).notNull(),
    /**
     * The part of a win held for review (the net winnings limit, held_winnings): `amount` is the
     * win asked for, `real_amount` + `bonus_amount` what was credited, this the rest.
     */
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // Keys lead with the ids, not the provider (one value for all of a provider's rows), so that
    // no plan made on a nearly empty table looks rows up by the provider alone (migration 0014).
    uniqueIndex('wallet_transactions_external_key').on(t.externalId, t.provider),
    // A bet is rolled back at most once, whatever the rollback's own transaction id.
    uniqueIndex('wallet_transactions_rollback_key')
      .on(t.rollsBack, t.provider)
      .where(sql`${t.kind} = 'rollback'`),
    index('wallet_transactions_round_idx').on(t.roundId, t.provider),
    index('wallet_transactions_created_idx').on(t.createdAt),
    // A player's movements of the last 24 hours: the net winnings limit sums them on every win.
    index('wallet_transactions_player_created_idx').on(t.playerId, t.createdAt),
    // Another provider's rounds of a player's, which Bet History lists beside the built-in ones.
    index('wallet_transactions_elsewhere_idx')
      .on(t.playerId, t.createdAt)
      .where(sql`${t.provider} <> 'builtin'`),
    check(
      'wallet_transactions_amounts',
      sql`${t.amount} >= 0 AND ${t.realAmount} >= 0 AND ${t.bonusAmount} >= 0 AND ${t.held} >= 0`,
    ),
    check('wallet_transactions_rollback', sql`(${t.kind} = 'rollback') = (${t.rollsBack} IS NOT NULL)`),
  ],
)

// ---- wagering ------------------------------------------------------------------------------
//
// A deposit must be staked three times over before it can be withdrawn; a bonus, its own
// multiple before it becomes real money (bonuses issue). One requirement per crediting ledger
// transaction; every stake adds to the open requirements of its player, oldest first: the real
// part of a stake to deposit requirements, the whole stake to bonus requirements. What each bet
// added is recorded, so that its rollback takes exactly that back.

export const wageringKindEnum = pgEnum('wagering_kind', ['deposit', 'bonus'])

export const wageringRequirements = pgTable(
  'wagering_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    currency: currencyEnum('currency').notNull(),
    kind: wageringKindEnum('kind').notNull(),
    /** The deposit (or bonus grant) that set it. */
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** Cents credited, and the turnover asked of them (amount x multiplier). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    required: bigint('required', { mode: 'number' }).notNull(),
    /** Turnover so far; the requirement is met when it reaches `required`. */
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    metAt: at('met_at'),
  },
  (t) => [
    uniqueIndex('wagering_requirements_source_key').on(t.ledgerTransactionId),
    index('wagering_requirements_open_idx')
      .on(t.playerId, t.currency, t.kind, t.createdAt)
      .where(sql`${t.metAt} IS NULL`),
    check('wagering_requirements_progress', sql`${t.wagered} >= 0 AND ${t.wagered} <= ${t.required}`),
    check('wagering_requirements_met', sql`(${t.metAt} IS NOT NULL) = (${t.wagered} = ${t.required})`),
  ],
)

export const wageringContributions = pgTable(
  'wagering_contributions',
  {
    walletTransactionId: uuid('wallet_transaction_id')
      .notNull()
      .references(() => walletTransactions.id, { onDelete: 'cascade' }),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => wageringRequirements.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.walletTransactionId, t.requirementId] }),
    index('wagering_contributions_requirement_idx').on(t.requirementId),
    check('wagering_contributions_amount_positive', sql`${t.amount} > 0`),
  ],
)

// ---- bonuses -------------------------------------------------------------------------------
//
// A bonus type's terms are a template the administrator edits (seeded by migration 0026 from
// the figures the promotion texts and the site settings give); a player's bonus copies the
// terms it was granted on, so that editing a template never changes a bonus already running.
// Bonus money lives in the player's 'bonus' ledger account; its turnover is a wagering
// requirement of kind 'bonus' (wallet_wager weights each stake by the game's category with the
// bonus's weights). One active bonus per player (the partial unique key); every change of a
// bonus's status happens under its row lock, with the ledger transaction that moves its money
// (bonuses/service.ts; ADR 0052).

export const bonusTypeEnum = pgEnum('bonus_type', BONUS_TYPES)
export const playerBonusStatusEnum = pgEnum('player_bonus_status', [
  'active',
  'converted',
  'expired',
  'forfeited',
  'cancelled',
])

/** Per cent of a stake that counts toward a bonus's turnover, by game category ('slots': 100). */
export type GameWeights = Record<string, number>

export const bonusTemplates = pgTable(
  'bonus_templates',
  {
    type: bonusTypeEnum('type').primaryKey(),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
    termsEs: text('terms_es').notNull(),
    termsEn: text('terms_en').notNull(),
    /** Per cent of the deposit (deposit bonuses), or null. */
    percent: integer('percent'),
    /** A fixed amount in cents (bonuses without a deposit), or null. */
    amount: bigint('amount', { mode: 'number' }),
    minDeposit: bigint('min_deposit', { mode: 'number' }),
    maxBonus: bigint('max_bonus', { mode: 'number' }),
    /** The bonus times this is the turnover asked before it becomes real money. */
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    gameWeights: jsonb('game_weights').$type<GameWeights>().notNull(),
    /** Per cent counted for a category the weights do not name. */
    defaultWeight: integer('default_weight').notNull().default(100),
    validityDays: integer('validity_days').notNull(),
    /** ISO weekdays (1 Monday … 7 Sunday) it is granted on; null: every day. */
    weekdays: integer('weekdays').array(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('bonus_templates_wagering_positive', sql`${t.wageringMultiplier} > 0`),
    check('bonus_templates_validity_positive', sql`${t.validityDays} > 0`),
    check('bonus_templates_default_weight', sql`${t.defaultWeight} BETWEEN 0 AND 100`),
  ],
)

export const playerBonuses = pgTable(
  'player_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    type: bonusTypeEnum('type').notNull(),
    currency: currencyEnum('currency').notNull(),
    status: playerBonusStatusEnum('status').notNull(),
    /** What earned it, once: 'deposit:<ledger transaction id>'... (a replay grants nothing more). */
    sourceKey: text('source_key').notNull(),
    /** Cents granted to the bonus account. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The deposit that earned it, if any. */
    deposit: bigint('deposit', { mode: 'number' }),
    nameEs: text('name_es').notNull(),
    nameEn: text('name_en').notNull(),
    gameWeights: jsonb('game_weights').$type<GameWeights>().notNull(),
    defaultWeight: integer('default_weight').notNull(),
    /** The most that turns into real money when the turnover is met (50 x the deposit, or x the bonus without one). */
    cashOutCap: bigint('cash_out_cap', { mode: 'number' }),
    /** A single stake above this, while the bonus is active, is irregular play (30 % of the deposit or bonus). */
    irregularStakeAbove: bigint('irregular_stake_above', { mode: 'number' }).notNull(),
    grantTransactionId: uuid('grant_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** Its turnover: a requirement of kind 'bonus' (required = amount x the multiplier). */
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => wageringRequirements.id, { onDelete: 'restrict' }),
    grantedAt: at('granted_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    closedAt: at('closed_at'),
    /** The conversion, expiry, forfeiture or cancellation; null when the bonus account was empty. */
    closeTransactionId: uuid('close_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    /** Cents taken off the bonus account when it closed, and the part of them credited as real money. */
    closedAmount: bigint('closed_amount', { mode: 'number' }),
    convertedAmount: bigint('converted_amount', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('player_bonuses_source_key').on(t.sourceKey),
    uniqueIndex('player_bonuses_one_active')
      .on(t.playerId)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex('player_bonuses_requirement_key').on(t.requirementId),
    index('player_bonuses_player_idx').on(t.playerId, t.grantedAt),
    index('player_bonuses_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    check('player_bonuses_closed', sql`(${t.status} = 'active') = (${t.closedAt} IS NULL)`),
    check('player_bonuses_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * The scheduled bonuses' decisions (ADR 0055): one row per (template, period, player), written
 * under the player's row lock in the transaction that grants the bonus or skips it, so that
 * reruns of a period's job, two instances and restarts decide once. `period` is '2026-W47' (an
 * ISO week) or '2026-11' (a month) in the casino's time zone.
 */
export const scheduledBonusGrants = pgTable(
  'scheduled_bonus_grants',
  {
    type: bonusTypeEnum('type').notNull(),
    period: text('period').notNull(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    /** What the period's figures earned, in cents. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The bonus granted; null when it was skipped (another bonus was active). */
    playerBonusId: uuid('player_bonus_id').references(() => playerBonuses.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.period, t.playerId] }),
    uniqueIndex('scheduled_bonus_grants_bonus_key').on(t.playerBonusId),
    check('scheduled_bonus_grants_amount_positive', sql`${t.amount} > 0`),
  ],
)

/** A loyalty level: its names and the lifetime points earned that reach it. */
export type LoyaltyLevel = { minPoints: number; nameEs: string; nameEn: string }

/**
 * The loyalty programme's figures (ADR 0054), one row (seeded by migration 0030): points a real
 * money stake earns per euro (or other currency unit) by game category, else the default; the
 * points one cent of loyalty bonus takes, the fewest points one redemption takes, and the levels
 * reached by lifetime points earned. wallet_bet (loyalty_earn) reads it in the stake's
 * transaction; the redemption grants the 'loyalty' bonus template's terms.
 */
export const loyaltyProgram = pgTable(
  'loyalty_program',
  {
    id: boolean('id').primaryKey().default(true),
    pointsPerUnit: jsonb('points_per_unit').$type<Record<string, number>>().notNull(),
    defaultPointsPerUnit: integer('default_points_per_unit').notNull(),
    pointsPerCent: integer('points_per_cent').notNull(),
    minRedeemPoints: integer('min_redeem_points').notNull(),
    levels: jsonb('levels').$type<LoyaltyLevel[]>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('loyalty_program_one_row', sql`${t.id}`),
    check(
      'loyalty_program_rates',
      sql`${t.defaultPointsPerUnit} >= 0 AND ${t.pointsPerCent} > 0 AND ${t.minRedeemPoints} > 0`,
    ),
  ],
)

/**
 * Refer a friend (bonuses/referrals.ts, ADR 0057): one decision per friend, made on the friend's
 * first completed deposit under the referrer's row lock: granted (the bonus), skipped (the
 * referrer had another active bonus) or not counted (the friend is not another person).
 */
export const referralDecisions = pgTable(
  'referral_decisions',
  {
    friendId: uuid('friend_id')
      .primaryKey()
      .references(() => players.id, { onDelete: 'restrict' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    /** 'granted', 'skipped' or 'not_counted'. */
    outcome: text('outcome').notNull(),
    /** Why not counted: same_email, same_phone or same_card. */
    reason: text('reason'),
    /** The template's amount when counted, in cents. */
    amount: bigint('amount', { mode: 'number' }),
    /** The friend's deposit that decided it. */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    playerBonusId: uuid('player_bonus_id').references(() => playerBonuses.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at').notNull(),
  },
  (t) => [
    index('referral_decisions_referrer_idx').on(t.referrerId),
    uniqueIndex('referral_decisions_bonus_key').on(t.playerBonusId),
    check('referral_decisions_outcome', sql`${t.outcome} IN ('granted', 'skipped', 'not_counted')`),
    check(
      'referral_decisions_shape',
      sql`(${t.outcome} = 'not_counted' AND ${t.amount} IS NULL AND ${t.playerBonusId} IS NULL AND ${t.reason} IS NOT NULL)
       OR (${t.outcome} = 'skipped' AND ${t.amount} > 0 AND ${t.playerBonusId} IS NULL)
       OR (${t.outcome} = 'granted' AND ${t.amount} > 0 AND ${t.playerBonusId} IS NOT NULL)`,
    ),
    check('referral_decisions_not_self', sql`${t.friendId} <> ${t.referrerId}`),
  ],
)

/** Stakes above a bonus's irregular-play threshold, for the administrator (wallet_wager writes them). */
export const bonusIrregularStakes = pgTable(
  'bonus_irregular_stakes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    playerBonusId: uuid('player_bonus_id')
      .notNull()
      .references(() => playerBonuses.id, { onDelete: 'cascade' }),
    /** The bet's wallet transaction (no key: maintenance purges those, the flag stays). */
    walletTransactionId: uuid('wallet_transaction_id').notNull(),
    gameId: text('game_id').notNull(),
    stake: bigint('stake', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    createdAt: at('created_at').notNull(),
    reviewedAt: at('reviewed_at'),
  },
  (t) => [index('bonus_irregular_stakes_bonus_idx').on(t.playerBonusId, t.createdAt)],
)

/**
 * Promo and bonus codes (ADR 0053), created by an administrator: each grants one bonus template's
 * bonus, a deposit template's (welcome, reload: its figures, on the first deposit that asks for a
 * bonus) or the 'bonus_code' template's terms for a fixed amount without a deposit. Stored in
 * capitals (the calls' params are upper-cased), unique whatever the case. `uses` counts the
 * players it went to, under the code's row lock, never above `max_uses`.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    /** The template it grants: 'welcome_deposit', 'reload_deposit' or 'bonus_code' (no deposit). */
    bonusType: bonusTypeEnum('bonus_type')
      .notNull()
      .references(() => bonusTemplates.type, { onDelete: 'restrict' }),
    /** Cents credited by a no-deposit code ('bonus_code'); null for a deposit code. */
    amount: bigint('amount', { mode: 'number' }),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    validFrom: at('valid_from'),
    validUntil: at('valid_until'),
    /** Switched off by an administrator: no longer taken, whatever its window and uses. */
    disabledAt: at('disabled_at'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`),
    check('promo_codes_kind', sql`(${t.bonusType} = 'bonus_code') = (${t.amount} IS NOT NULL)`),
    check('promo_codes_deposit_kind', sql`${t.bonusType} IN ('welcome_deposit', 'reload_deposit', 'bonus_code')`),
    check('promo_codes_amount_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
    check('promo_codes_uses', sql`${t.uses} BETWEEN 0 AND ${t.maxUses}`),
    check(
      'promo_codes_window',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validFrom} < ${t.validUntil}`,
    ),
  ],
)

/**
 * A code's use by a player, once per (code, player): kept at registration (its bonus granted
 * later: at activation for a no-deposit code, on the first deposit that asks for a bonus for a
 * deposit code) or by bonuscode_deposit_processor (granted at once). `player_bonus_id` is the
 * bonus it granted, null until then; `request_key` the processor's idempotency key.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    playerBonusId: uuid('player_bonus_id').references(() => playerBonuses.id, { onDelete: 'restrict' }),
    requestKey: text('request_key'),
    usedAt: at('used_at').notNull(),
  },
  (t) => [
    uniqueIndex('promo_code_uses_once').on(t.promoCodeId, t.playerId),
    uniqueIndex('promo_code_uses_bonus_key').on(t.playerBonusId),
    index('promo_code_uses_player_idx').on(t.playerId),
  ],
)

// ---- payments ------------------------------------------------------------------------------
//
// Deposits and withdrawals through the payment processors (payments/). One row per payment: its
// state (pending, complete, cancelled, failed, rejected) and what the player's history shows. The
// money moves in ledger_transactions, in the same database transaction as the row's change of
// state; a withdrawal's amount is held in the system account 'withdrawals_pending' from request
// to decision. `idempotency_key` is the player's Idempotency-Key: a replay finds this row and
// answers from it. Card data is never here beyond the brand and the last four digits.

export const paymentKindEnum = pgEnum('payment_kind', ['deposit', 'withdrawal'])
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'complete', 'cancelled', 'failed', 'rejected'])

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    kind: paymentKindEnum('kind').notNull(),
    /** altitudepay, moto, carespay, cashlib, crypto; bank_transfer or bitcoin for a withdrawal. */
    processor: text('processor').notNull(),
    status: paymentStatusEnum('status').notNull(),
    /** Cents, always positive; the history signs it by kind. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    /** Shown to the player and the administrator: a bank-transfer reference, a card payment id... */
    reference: text('reference').notNull(),
    /** '<player id>:<Idempotency-Key>' of the request that made it. */
    idempotencyKey: text('idempotency_key').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /**
     * HMAC-SHA256 of the card number under a key derived from the server's secret (ADR 0057):
     * tells one card from another without keeping the number.
     */
    cardFingerprint: text('card_fingerprint'),
    /** A deposit whose player asked for the deposit bonus it earns (bonuses/service.ts). */
    claimBonus: boolean('claim_bonus').notNull().default(false),
    /** Masked payout destination of a withdrawal. */
    destination: text('destination'),
    /** Processor details: a withdrawal's payout account, a crypto deposit's chain transaction. */
    details: jsonb('details'),
    /** A withdrawal above the settings' threshold waits for identity checks before payout. */
    reviewRequired: boolean('review_required').notNull().default(false),
    failureCode: text('failure_code'),
    failureReason: text('failure_reason'),
    /** The total balance right after the money moved; null while nothing has. */
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_player_idx').on(t.playerId, t.createdAt),
    index('payments_pending_idx')
      .on(t.kind, t.processor, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_card_summary', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
)

/** Sandbox prepaid vouchers minted by an administrator; only the code's hash is kept. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    /** The last four characters, so the administrator can tell vouchers apart. */
    codeHint: text('code_hint').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: currencyEnum('currency').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull().defaultNow(),
    redeemedAt: at('redeemed_at'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.codeHash),
    check('vouchers_amount_positive', sql`${t.amount} > 0`),
    check('vouchers_redeemed', sql`(${t.redeemedAt} IS NULL) = (${t.paymentId} IS NULL)`),
  ],
)

/** A player's crypto deposit address: one per coin, derived at `index` from the casino's public key. */
export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    coin: text('coin').notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    address: text('address').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.coin] }),
    uniqueIndex('crypto_addresses_address_key').on(t.coin, t.address),
    uniqueIndex('crypto_addresses_index_key').on(t.coin, t.derivationIndex),
  ],
)

/** What an administrator did (who, when, what), for every admin call that changes something. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    /** The payment, voucher, player or content entry acted on. */
    target: text('target'),
    details: jsonb('details'),
    createdAt: at('created_at').notNull().defaultNow(),
    /**
     * The order the entries were written in. `created_at` is the request's clock, read before
     * any lock: of two changes to one row the one that waited can carry the earlier time, so
     * the log is read in this order, which is the order the changes committed.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt), uniqueIndex('admin_audit_seq_key').on(t.seq)],
)

// ---- games ---------------------------------------------------------------------------------
//
// The catalogue (every provider's games, synced from their catalogue feeds: games/catalog-sync.ts), the provably fair seed pairs, the launched game
// sessions and the rounds played. Money moves only through the wallet (wallet_transactions);
// a round row is the game's side of it: what was bet on what, the seeds and nonce, the outcome.

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    category: text('category').notNull(),
    live: boolean('live').notNull().default(false),
    hasDemo: boolean('has_demo').notNull().default(true),
    /** Return to player in hundredths of a per cent (9617 = 96.17 %). */
    rtpBasisPoints: integer('rtp_basis_points'),
    volatility: text('volatility').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    maxBet: bigint('max_bet', { mode: 'number' }).notNull(),
    /**
     * The most a round pays back as a multiple of what it staked (the provider's catalogue, from
     * the game's rules: GameEngine.maxMultiplier). The wallet takes no bet on a game without it and
     * refuses a win above it times the round's standing stake.
     */
    maxMultiplier: numeric('max_multiplier', { precision: 20, scale: 4, mode: 'number' }),
    /** What the game's page shows, from its provider's catalogue feed: art, rules, paytables (ADR 0045). */
    presentation: jsonb('presentation').$type<GamePresentation>(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('games_category_idx').on(t.category, t.sortOrder)],
)

/**
 * A game's name in one language: a row per game and language (not a column per language), so a
 * new language is rows, not a migration (ADR 0039). A reader takes the default language's row
 * when a game has none in the page's (games/names.ts).
 */
export const gameNames = pgTable(
  'game_names',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    locale: localeEnum('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.locale] })],
)

export const gameFavourites = pgTable(
  'game_favourites',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.gameId] })],
)

// ---- site content ------------------------------------------------------------------------
//
// The texts administrators write (contract/content): legal and help pages, promotions, the FAQ
// (sections and their questions) and the home carousel's slides, one row per kind, slug and
// locale. The body is Markdown; the front calls render it to sanitized HTML with the settings'
// numbers put in (content/render.ts).

export const contentKindEnum = pgEnum('content_kind', ['page', 'promotion', 'faq', 'slider'])

export const siteContent = pgTable(
  'site_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: contentKindEnum('kind').notNull(),
    slug: text('slug').notNull(),
    locale: localeEnum('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull().default(''),
    /** A FAQ question's section (the slug of a FAQ entry without one); null elsewhere. */
    section: text('section'),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    sortOrder: integer('sort_order').notNull().default(0),
    published: boolean('published').notNull().default(true),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_content_kind_slug_locale_key').on(t.kind, t.slug, t.locale),
    index('site_content_listing_idx').on(t.kind, t.locale, t.sortOrder),
  ],
)

// ---- held winnings -------------------------------------------------------------------------
//
// The net winnings limit (specification point 9, ADR 0036): the part of a win that would take a
// player's net winnings of the last 24 hours past the limit is not credited but held in the
// system account 'winnings_held' until an administrator releases it to the player or voids it
// (back to the games account). One row per win that held something; ledger:check proves the held
// account equals the rows still held.

export const heldWinningStatusEnum = pgEnum('held_winning_status', ['held', 'released', 'voided'])

export const heldWinnings = pgTable(
  'held_winnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'restrict' }),
    currency: currencyEnum('currency').notNull(),
    /** The win: the provider, its transaction id, round and game (kept beyond the wallet rows' purge). */
    provider: text('provider').notNull(),
    transactionId: text('transaction_id').notNull(),
    roundId: text('round_id').notNull(),
    gameId: text('game_id').notNull(),
    /** The win's ledger transaction, which put the held amount in 'winnings_held'. */
    winLedgerTransactionId: uuid('win_ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** Cents held, and the balances they go to on release (the win's split). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    realAmount: bigint('real_amount', { mode: 'number' }).notNull(),
    bonusAmount: bigint('bonus_amount', { mode: 'number' }).notNull(),
    status: heldWinningStatusEnum('status').notNull().default('held'),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by').references(() => players.id, { onDelete: 'restrict' }),
    /** The release's or the void's ledger transaction. */
    decisionLedgerTransactionId: uuid('decision_ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    reason: text('reason'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('held_winnings_transaction_key').on(t.transactionId, t.provider),
    index('held_winnings_status_idx').on(t.status, t.createdAt),
    index('held_winnings_round_idx').on(t.roundId, t.provider),
    check(
      'held_winnings_amounts',
      sql`${t.amount} > 0 AND ${t.realAmount} >= 0 AND ${t.bonusAmount} >= 0 AND ${t.amount} = ${t.realAmount} + ${t.bonusAmount}`,
    ),
    check('held_winnings_decided', sql`(${t.status} = 'held') = (${t.decidedAt} IS NULL)`),
  ],
)
