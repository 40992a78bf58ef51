/**
 * Prices are exact decimals with at most two decimals (NUMERIC(12,2) in the database), carried as
 * strings on the wire ("25.00"), never as floats.
 */
const PRICE = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;

/** "25", "25.5" or "25.50" → "25.50"; undefined for anything else (negative, too many decimals, exponent). */
export function normalisePrice(text: string): string | undefined {
  const trimmed = text.trim();
  if (!PRICE.test(trimmed)) return undefined;
  const [whole, fraction = ''] = trimmed.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A normalised price is zero (a free type: no invoice). */
export const isFree = (price: string): boolean => /^0\.00$/.test(price);

let currencies: ReadonlySet<string> | undefined;

/** An ISO 4217 code the runtime knows (Intl's list), upper case. */
export function isCurrencyCode(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return /^[A-Z]{3}$/.test(code) && currencies.has(code);
}
