import { z } from 'zod';
import type { FieldViolation } from './platform-error';

/**
 * Decimal amounts (prices, invoice amounts) as every service takes them: exact decimal text, never
 * a binary float on the way. They travel as google.type.Decimal (`{ value: "49.90" }`); the gateway
 * turns a client's JSON number or string into that text, and services check it again here.
 */

/** Plain decimal text: an optional minus, digits, an optional fraction; no exponent, "+" or grouping. */
const PLAIN_DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

/**
 * A double holds 15 significant decimal digits exactly: a JSON number with at most 15 reads back
 * as the digits the client wrote (49.9 → "49.9"); beyond that it may already have been rounded.
 */
export const MAX_EXACT_DIGITS = 15;

/** The digits of plain decimal text that carry its value (no leading zeros, no trailing fraction zeros). */
export function significantDigits(text: string): number {
  const digits = text
    .replace(/^-/, '')
    .replace(/(\.\d*?)0+$/, '$1')
    .replace('.', '');
  return digits.replace(/^0+/, '').length;
}

/**
 * Plain decimal text of a JSON value: a string as written when it is plain decimal text, a finite
 * number in its shortest round-trip form (exact up to MAX_EXACT_DIGITS significant digits, more is
 * refused). Undefined for anything else: NaN, Infinity, "1e3", "+1", "1,5", " 1", "", other types.
 */
export function plainDecimal(value: unknown): string | undefined {
  if (typeof value === 'string') return PLAIN_DECIMAL.test(value) ? value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  // String() writes the shortest digits that read back as the same double; an exponent form
  // (below 1e-6, from 1e21) is refused by the pattern like any other.
  const text = String(value);
  return PLAIN_DECIMAL.test(text) && significantDigits(text) <= MAX_EXACT_DIGITS ? text : undefined;
}

/** Decimal text without leading zeros, trailing fraction zeros or a negative zero: "049.50" → "49.5". */
export function canonicalDecimal(text: string): string {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new Error(`not plain decimal text: ${text}`);
  const whole = (match[1] as string).replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const unsigned = fraction === '' ? whole : `${whole}.${fraction}`;
  return text.startsWith('-') && /[1-9]/.test(unsigned) ? `-${unsigned}` : unsigned;
}

/** Digits after the point that carry value: "1.230" → 2, "1500" → 0. */
export function decimalPlaces(text: string): number {
  const fraction = PLAIN_DECIMAL.exec(text)?.[2] ?? '';
  return fraction.replace(/0+$/, '').length;
}

export interface DecimalLimits {
  /** Digits before the point at most. */
  integerDigits: number;
  /** Digits after the point at most (trailing zeros do not count). */
  fractionDigits: number;
  /** Whether amounts below 0 are taken. */
  negative: boolean;
}

/**
 * Money as the platform stores it, NUMERIC(13,3): 10 digits before the point (below ten billion),
 * 3 after, enough for every currency's minor units (KWD, BHD: 3), and 13 significant digits in all,
 * so a JSON number answers it exactly. Never negative.
 */
export const MONEY: DecimalLimits = { integerDigits: 10, fractionDigits: 3, negative: false };

/** What is wrong with plain decimal text against `limits`, or undefined when it fits. */
export function decimalLimitProblem(text: string, limits: DecimalLimits): string | undefined {
  const canonical = canonicalDecimal(text);
  if (!limits.negative && canonical.startsWith('-')) return 'must be 0 or more';
  if (canonical.replace(/^-/, '').replace(/\..*$/, '').length > limits.integerDigits) {
    return `must have at most ${limits.integerDigits} digits before the decimal point`;
  }
  if (decimalPlaces(canonical) > limits.fractionDigits) return `must have at most ${limits.fractionDigits} decimals`;
  return undefined;
}

export const NOT_A_DECIMAL = 'must be a decimal number such as 49.90 (a JSON number or a string)';

const isDecimalMessage = (value: unknown): value is { value: unknown } => typeof value === 'object' && value !== null && 'value' in value;

/**
 * A decimal amount: google.type.Decimal as ts-proto gives it (`{ value }`), or a JSON number or a
 * decimal string (CSV cells, tests), checked against `limits` and answered as canonical decimal
 * text ("49.9", "0.1", "1500"), which Prisma stores in a NUMERIC column exactly. Absent: use
 * `.optional()`; the currency's minor units are a rule across fields (minorUnitsViolations).
 */
export function decimalAmount(limits: DecimalLimits = MONEY) {
  return z.unknown().transform((raw, ctx) => {
    if (raw === undefined || raw === null) {
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    // The wire form's value is text; a bare number or string is read as the gateway reads JSON.
    const text = isDecimalMessage(raw) ? (typeof raw.value === 'string' ? plainDecimal(raw.value) : undefined) : plainDecimal(raw);
    const problem = text === undefined ? NOT_A_DECIMAL : decimalLimitProblem(text, limits);
    if (text === undefined || problem !== undefined) {
      ctx.addIssue({ code: 'custom', message: problem ?? NOT_A_DECIMAL });
      return z.NEVER;
    }
    return canonicalDecimal(text);
  });
}

const minorUnitsCache = new Map<string, number>();

/**
 * How many decimals an amount in `currency` may have: its ISO 4217 minor units as Intl (CLDR)
 * knows them (EUR 2, JPY 0, KWD 3). Undefined for a code that is not three upper-case letters.
 */
export function minorUnitsOf(currency: string): number | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  let units = minorUnitsCache.get(currency);
  if (units === undefined) {
    units = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorUnitsCache.set(currency, units);
  }
  return units;
}

/**
 * One violation per amount with more decimals than `currency` has minor units ("must have at most
 * 2 decimals in EUR", "must be a whole amount in JPY"). Absent amounts and an unknown or empty
 * currency (its own rule answers that) give none.
 */
export function minorUnitsViolations(currency: string, amounts: Record<string, string | null | undefined>): FieldViolation[] {
  const units = minorUnitsOf(currency);
  if (units === undefined) return [];
  const message = units === 0 ? `must be a whole amount in ${currency}` : `must have at most ${units} decimals in ${currency}`;
  return Object.entries(amounts)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && decimalPlaces(entry[1]) > units)
    .map(([field]) => ({ field, message }));
}

/** A non-negative amount in plain decimal text is more than zero. */
export const isPositiveDecimal = (text: string): boolean => !text.startsWith('-') && /[1-9]/.test(text);
