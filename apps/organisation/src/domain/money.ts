import { isPositiveDecimal, minorUnitsOf, minorUnitsViolations, type FieldViolation } from '@platform/errors';

/**
 * Prices are exact decimals (NUMERIC(13,3) in the database), google.type.Decimal on the wire,
 * checked by the shared decimalAmount rule and against their currency's minor units here.
 */

/** A price in canonical decimal text is zero (a free type: no invoice). */
export const isFree = (price: string): boolean => !isPositiveDecimal(price);

/** A stored amount (Prisma's Decimal), as the part of it this module reads. */
export interface StoredAmount {
  toFixed(decimals?: number): string;
  decimalPlaces(): number;
}

/**
 * An amount written with its currency's minor units, for messages and emails: 25 EUR "25.00",
 * 1500 JPY "1500", 1.5 KWD "1.500". Never rounded: an amount with more decimals keeps them.
 */
export function amountText(amount: StoredAmount, currency: string): string {
  return amount.toFixed(Math.max(minorUnitsOf(currency) ?? 2, amount.decimalPlaces()));
}

/**
 * What is wrong with a type's price in its currency after a create or an update: the price has
 * more decimals than the currency's minor units. Named on the price when it was sent, else on the
 * currency that no longer fits the kept price.
 */
export function priceInCurrencyViolations(price: string, currency: string, priceSent: boolean): FieldViolation[] {
  const violations = minorUnitsViolations(currency, { price });
  if (priceSent || violations.length === 0) return violations;
  const units = minorUnitsOf(currency);
  return [{ field: 'currency', message: `does not fit the price ${price}: ${currency} takes ${units === 0 ? 'whole amounts' : `at most ${units} decimals`}` }];
}

let currencies: ReadonlySet<string> | undefined;

/** An ISO 4217 code the runtime knows (Intl's list), upper case. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return /^[A-Z]{3}$/.test(code) && currencies.has(code);
}
