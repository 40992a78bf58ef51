import { amountText, isCurrencyCode, isFree, priceInCurrencyViolations } from './money';

/** A stand-in for Prisma's Decimal: exact text with its decimals. */
const stored = (text: string) => ({
  toFixed: (decimals = 0) => {
    const [whole, fraction = ''] = text.split('.');
    return decimals === 0 ? (whole as string) : `${whole}.${fraction.padEnd(decimals, '0')}`;
  },
  decimalPlaces: () => (text.split('.')[1] ?? '').length,
});

describe('money', () => {
  it('knows a free price whatever its decimals', () => {
    expect(isFree('0')).toBe(true);
    expect(isFree('0.00')).toBe(true);
    expect(isFree('0.01')).toBe(false);
    expect(isFree('1500')).toBe(false);
  });

  it('writes an amount with its currency’s minor units, never rounding', () => {
    expect(amountText(stored('25'), 'EUR')).toBe('25.00');
    expect(amountText(stored('1500'), 'JPY')).toBe('1500');
    expect(amountText(stored('1.5'), 'KWD')).toBe('1.500');
    // Stored before minor units were checked: kept as it is.
    expect(amountText(stored('1500.5'), 'JPY')).toBe('1500.5');
  });

  it('refuses a price with more decimals than its currency, naming the field that made it so', () => {
    expect(priceInCurrencyViolations('1.234', 'EUR', true)).toEqual([{ field: 'price', message: 'must have at most 2 decimals in EUR' }]);
    expect(priceInCurrencyViolations('1.234', 'KWD', true)).toEqual([]);
    expect(priceInCurrencyViolations('12.5', 'JPY', false)).toEqual([{ field: 'currency', message: 'does not fit the price 12.5: JPY takes whole amounts' }]);
  });

  it('knows ISO 4217 codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});
