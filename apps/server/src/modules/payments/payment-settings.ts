/**
 * A brand's payment settings: the UPI ids and bank accounts its players pay manual deposits to,
 * whether it takes payment-link and UPI-intent deposits, and its deposit and withdrawal limits.
 * A brand finance never configured offers no manual method and the platform's limits.
 * Methods are never deleted, only deactivated: requests keep naming the method they were paid to.
 */
import type { PaymentSettings } from '@backlay/contract/admin-payments';
import type { z } from 'zod';
import type { updatePaymentSettingsRequestSchema } from '@backlay/contract/admin-payments';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { toMinor } from '../wallet';

export interface PaymentLimitsMinor {
  minDepositMinor: number;
  maxDepositMinor: number;
  minWithdrawalMinor: number;
  maxWithdrawalMinor: number;
}

/** The platform's limits for a brand without its own: ₹100 to ₹5,00,000 in, ₹200 to ₹2,00,000 out. */
export const DEFAULT_PAYMENT_LIMITS: PaymentLimitsMinor = {
  minDepositMinor: 100_00,
  maxDepositMinor: 500_000_00,
  minWithdrawalMinor: 200_00,
  maxWithdrawalMinor: 200_000_00,
};

export interface UpiMethod {
  id: string;
  kind: 'UPI';
  upiId: string;
  payeeName: string;
  active: boolean;
}
export interface BankMethod {
  id: string;
  kind: 'BANK';
  bankName: string;
  accountName: string;
  accountNumber: string;
  ifsc: string;
  active: boolean;
}
export type DepositMethodRow = UpiMethod | BankMethod;

export interface BrandPaymentSettings {
  domain: string;
  version: number;
  paymentLink: boolean;
  upiIntent: boolean;
  limits: PaymentLimitsMinor;
  methods: DepositMethodRow[];
}

interface SettingsRow {
  version: number;
  payment_link: boolean;
  upi_intent: boolean;
  min_deposit_minor: string;
  max_deposit_minor: string;
  min_withdrawal_minor: string;
  max_withdrawal_minor: string;
}

interface MethodRow {
  id: string;
  kind: 'UPI' | 'BANK';
  details: Record<string, string>;
  active: boolean;
}

function methodOf(row: MethodRow): DepositMethodRow {
  const d = row.details;
  return row.kind === 'UPI'
    ? {
        id: row.id,
        kind: 'UPI',
        upiId: d.upiId ?? '',
        payeeName: d.payeeName ?? '',
        active: row.active,
      }
    : {
        id: row.id,
        kind: 'BANK',
        bankName: d.bankName ?? '',
        accountName: d.accountName ?? '',
        accountNumber: d.accountNumber ?? '',
        ifsc: d.ifsc ?? '',
        active: row.active,
      };
}

/** A brand's payment settings (the platform's defaults where it has none). */
export async function readPaymentSettings(
  db: Queryable,
  domain: string,
  options: { lock?: boolean } = {},
): Promise<BrandPaymentSettings> {
  const [settings] = await db.query<SettingsRow>(
    `SELECT version, payment_link, upi_intent, min_deposit_minor::text, max_deposit_minor::text,
       min_withdrawal_minor::text, max_withdrawal_minor::text
     FROM payment_settings WHERE domain = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [domain],
  );
  const methods = await db.query<MethodRow>(
    'SELECT id, kind, details, active FROM payment_methods WHERE domain = $1 ORDER BY position, created_at',
    [domain],
  );
  return {
    domain,
    version: settings?.version ?? 0,
    paymentLink: settings?.payment_link ?? true,
    upiIntent: settings?.upi_intent ?? true,
    limits: settings
      ? {
          minDepositMinor: toMinor(settings.min_deposit_minor),
          maxDepositMinor: toMinor(settings.max_deposit_minor),
          minWithdrawalMinor: toMinor(settings.min_withdrawal_minor),
          maxWithdrawalMinor: toMinor(settings.max_withdrawal_minor),
        }
      : DEFAULT_PAYMENT_LIMITS,
    methods: methods.map(methodOf),
  };
}

/**
 * Of `domains`, the brands whose players can make no manual deposit: no UPI id or bank account
 * is active (a new brand's, until finance fills in its payment settings), in name order.
 */
export async function brandsWithoutDepositMethods(
  db: Queryable,
  domains: readonly string[],
): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db.query<{ domain: string }>(
    `SELECT d.domain FROM unnest($1::text[]) AS d (domain)
     WHERE NOT EXISTS (SELECT 1 FROM payment_methods m WHERE m.domain = d.domain AND m.active)
     ORDER BY d.domain`,
    [[...domains]],
  );
  return rows.map((row) => row.domain);
}

/** The settings as the console edits them. */
export function paymentSettingsView(settings: BrandPaymentSettings): PaymentSettings {
  return {
    brand: settings.domain,
    version: settings.version,
    upi: settings.methods
      .filter((m): m is UpiMethod => m.kind === 'UPI')
      .map(({ kind: _kind, ...m }) => m),
    bank: settings.methods
      .filter((m): m is BankMethod => m.kind === 'BANK')
      .map(({ kind: _kind, ...m }) => m),
    paymentLink: settings.paymentLink,
    upiIntent: settings.upiIntent,
    limits: {
      minDeposit: fromMinorUnits(settings.limits.minDepositMinor),
      maxDeposit: fromMinorUnits(settings.limits.maxDepositMinor),
      minWithdrawal: fromMinorUnits(settings.limits.minWithdrawalMinor),
      maxWithdrawal: fromMinorUnits(settings.limits.maxWithdrawalMinor),
    },
  };
}

export type PaymentSettingsEdit = z.output<typeof updatePaymentSettingsRequestSchema>;

export const SETTINGS_CONFLICT_MESSAGE =
  'Someone saved these payment settings after you opened them. Reload to see their change.';

/**
 * Saves a brand's payment settings made on `edit.version`, in the caller's transaction: the
 * settings row is locked (or created) first, so of two saves on one version exactly one wins.
 * Methods sent with an id are updated (they must be the brand's); without, added; the brand's
 * methods left out are deactivated. Answers the settings before and after.
 */
export async function savePaymentSettings(
  tx: Queryable,
  edit: PaymentSettingsEdit,
  operatorId: string,
): Promise<{ before: BrandPaymentSettings; after: BrandPaymentSettings }> {
  const domain = edit.brand;
  // Creating the row (version 0 → 1) races like an update: the insert's conflict is the loser.
  if (edit.version === 0) {
    const created = await tx.query(
      `INSERT INTO payment_settings (domain, version, payment_link, upi_intent, min_deposit_minor,
         max_deposit_minor, min_withdrawal_minor, max_withdrawal_minor, updated_by)
       VALUES ($1, 0 + 1, true, true, $2, $3, $4, $5, $6)
       ON CONFLICT (domain) DO NOTHING RETURNING domain`,
      [
        domain,
        DEFAULT_PAYMENT_LIMITS.minDepositMinor,
        DEFAULT_PAYMENT_LIMITS.maxDepositMinor,
        DEFAULT_PAYMENT_LIMITS.minWithdrawalMinor,
        DEFAULT_PAYMENT_LIMITS.maxWithdrawalMinor,
        operatorId,
      ],
    );
    if (created.length === 0) throw new ApiError('CONFLICT', SETTINGS_CONFLICT_MESSAGE);
  }
  const before = await readPaymentSettings(tx, domain, { lock: true });
  // A fresh row reads as version 1 with the defaults; compare with what the edit was made on.
  const beforeVersion = edit.version === 0 ? 0 : before.version;
  if (beforeVersion !== edit.version) throw new ApiError('CONFLICT', SETTINGS_CONFLICT_MESSAGE);

  const known = new Map(before.methods.map((m) => [m.id, m]));
  const sent = [
    ...edit.upi.map((m) => ({
      id: m.id,
      kind: 'UPI' as const,
      active: m.active,
      details: { upiId: m.upiId, payeeName: m.payeeName },
    })),
    ...edit.bank.map((m) => ({
      id: m.id,
      kind: 'BANK' as const,
      active: m.active,
      details: {
        bankName: m.bankName,
        accountName: m.accountName,
        accountNumber: m.accountNumber,
        ifsc: m.ifsc,
      },
    })),
  ];
  const kept = new Set<string>();
  for (const [position, method] of sent.entries()) {
    if (method.id) {
      const existing = known.get(method.id);
      if (!existing || existing.kind !== method.kind) {
        throw new ApiError('VALIDATION_FAILED', 'A payment method is not one of this brand’s.');
      }
      kept.add(method.id);
      await tx.query(
        'UPDATE payment_methods SET details = $2, active = $3, position = $4 WHERE id = $1',
        [method.id, JSON.stringify(method.details), method.active, position],
      );
    } else {
      await tx.query(
        `INSERT INTO payment_methods (domain, kind, details, active, position)
         VALUES ($1, $2, $3, $4, $5)`,
        [domain, method.kind, JSON.stringify(method.details), method.active, position],
      );
    }
  }
  for (const method of before.methods) {
    if (!kept.has(method.id) && method.active) {
      await tx.query('UPDATE payment_methods SET active = false WHERE id = $1', [method.id]);
    }
  }
  await tx.query(
    `UPDATE payment_settings SET version = $2, payment_link = $3, upi_intent = $4,
       min_deposit_minor = $5, max_deposit_minor = $6, min_withdrawal_minor = $7,
       max_withdrawal_minor = $8, updated_at = now(), updated_by = $9
     WHERE domain = $1`,
    [
      domain,
      edit.version + 1,
      edit.paymentLink,
      edit.upiIntent,
      toMinorUnits(edit.limits.minDeposit),
      toMinorUnits(edit.limits.maxDeposit),
      toMinorUnits(edit.limits.minWithdrawal),
      toMinorUnits(edit.limits.maxWithdrawal),
      operatorId,
    ],
  );
  return { before, after: await readPaymentSettings(tx, domain) };
}
