/** A decimal amount as the API takes it (decision 0199): digits, an optional point and decimals; no exponent, sign or grouping. */
const DECIMAL = /^\d{1,13}(\.\d{1,6})?$/;

/** The minor units of a currency (EUR 2, JPY 0, KWD 3), as Intl knows them. */
export function minorUnits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * Checks a price typed in a form: a plain decimal with at most the currency's minor units (trailing
 * zeros do not count, as the API counts them). Answers the problem's key, or undefined when valid.
 */
export function priceProblem(text: unknown, currency: string | undefined): 'format' | 'minorUnits' | undefined {
  if (text === undefined || text === null || text === '') return undefined;
  const value = String(text).trim();
  if (!DECIMAL.test(value)) return 'format';
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (currency && decimals > minorUnits(currency)) return 'minorUnits';
  return undefined;
}

/** The price as sent: the exact text typed (a string keeps every digit), or null when cleared. */
export function priceForApi(text: unknown): string | null {
  if (text === undefined || text === null || String(text).trim() === '') return null;
  return String(text).trim();
}

/** An amount in the organisation's currency, through Intl (the API answers JSON numbers). */
export function formatMoney(amount: number | string | null | undefined, currency: string | undefined, locale: string): string {
  if (amount === undefined || amount === null || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!currency) return String(amount);
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${String(amount)} ${currency}`;
  }
}
