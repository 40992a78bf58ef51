import { z } from 'zod';
import { canonicalDecimal, decimalAmount, isPositiveDecimal, minorUnitsOf, minorUnitsViolations, plainDecimal, significantDigits } from './decimal-amount';
import type { PlatformError } from './platform-error';
import { validate } from './validate';

const violationsOf = (schema: z.ZodType, input: unknown) => {
  try {
    validate(schema, input);
    return [];
  } catch (err) {
    return (err as PlatformError).violations;
  }
};

describe('decimal amounts', () => {
  const body = z.object({ price: decimalAmount() });
  const priceOf = (price: unknown) => validate(body, { price }).price;
  const problemOf = (price: unknown) => violationsOf(body, { price });

  it('takes the wire form, a JSON number or a decimal string, and answers canonical decimal text', () => {
    expect(priceOf({ value: '49.90' })).toBe('49.9');
    expect(priceOf(49.9)).toBe('49.9');
    expect(priceOf('0.10')).toBe('0.1');
    expect(priceOf(0.1)).toBe('0.1');
    expect(priceOf('1234567890.12')).toBe('1234567890.12');
    expect(priceOf(1234567890.12)).toBe('1234567890.12');
    expect(priceOf('007')).toBe('7');
    expect(priceOf(1500)).toBe('1500');
    expect(priceOf('1.234')).toBe('1.234');
    expect(priceOf({ value: '0' })).toBe('0');
    expect(priceOf(-0)).toBe('0');
  });

  it('refuses an exponent, NaN, Infinity, signs, grouping and other types, naming the field', () => {
    for (const bad of ['1e3', '1E3', 'NaN', 'Infinity', '+1', '1,5', ' 1', '1.', '.5', '', 'abc', NaN, Infinity, -Infinity, true, [1], { value: 12 }]) {
      expect(problemOf(bad)).toEqual([{ field: 'price', message: 'must be a decimal number such as 49.90 (a JSON number or a string)' }]);
    }
  });

  it('refuses a negative amount unless the limits allow one', () => {
    expect(problemOf('-1')).toEqual([{ field: 'price', message: 'must be 0 or more' }]);
    expect(problemOf(-0.01)).toEqual([{ field: 'price', message: 'must be 0 or more' }]);
    expect(validate(decimalAmount({ integerDigits: 10, fractionDigits: 3, negative: true }), '-1.50')).toBe('-1.5');
  });

  it('refuses a huge amount and more decimals than the column keeps', () => {
    expect(problemOf('12345678901')).toEqual([{ field: 'price', message: 'must have at most 10 digits before the decimal point' }]);
    expect(problemOf(1e21)).toHaveLength(1);
    expect(problemOf('1.2345')).toEqual([{ field: 'price', message: 'must have at most 3 decimals' }]);
    // Trailing zeros carry no value, so they never count as decimals.
    expect(priceOf('1.2300000')).toBe('1.23');
  });

  it('refuses a JSON number with more significant digits than a double holds exactly', () => {
    expect(plainDecimal(1234567890.12345)).toBe('1234567890.12345');
    expect(plainDecimal(1 / 3)).toBeUndefined();
    expect(plainDecimal(0.1 + 0.2)).toBeUndefined();
    expect(plainDecimal(1e-7)).toBeUndefined();
    // A string is taken as written: no double in between.
    expect(plainDecimal('0.30000000000000004')).toBe('0.30000000000000004');
  });

  it('is optional only where the schema says so', () => {
    const optional = z.object({ price: decimalAmount().optional() });
    expect(validate(optional, {})).toEqual({ price: undefined });
    expect(violationsOf(body, {})).toEqual([{ field: 'price', message: 'is required' }]);
  });
});

describe('minor units of a currency', () => {
  it('come from Intl: EUR 2, JPY 0, KWD and BHD 3; nothing for a malformed code', () => {
    expect(minorUnitsOf('EUR')).toBe(2);
    expect(minorUnitsOf('JPY')).toBe(0);
    expect(minorUnitsOf('KWD')).toBe(3);
    expect(minorUnitsOf('BHD')).toBe(3);
    expect(minorUnitsOf('eur')).toBeUndefined();
    expect(minorUnitsOf('')).toBeUndefined();
  });

  it('name each amount with more decimals than its currency has', () => {
    expect(minorUnitsViolations('EUR', { price: '1.234', memberPrice: '1.23', earlyBirdPrice: null })).toEqual([
      { field: 'price', message: 'must have at most 2 decimals in EUR' },
    ]);
    expect(minorUnitsViolations('JPY', { price: '1500.5' })).toEqual([{ field: 'price', message: 'must be a whole amount in JPY' }]);
    expect(minorUnitsViolations('JPY', { price: '1500' })).toEqual([]);
    expect(minorUnitsViolations('KWD', { price: '1.234' })).toEqual([]);
    expect(minorUnitsViolations('', { price: '1.2345' })).toEqual([]);
  });
});

describe('decimal text helpers', () => {
  it('write canonical text and count significant digits', () => {
    expect(canonicalDecimal('-0.000')).toBe('0');
    expect(canonicalDecimal('0012.3400')).toBe('12.34');
    expect(significantDigits('0.0012')).toBe(2);
    expect(significantDigits('1500')).toBe(4);
    expect(significantDigits('1234567890123.45')).toBe(15);
    expect(isPositiveDecimal('0.01')).toBe(true);
    expect(isPositiveDecimal('0.00')).toBe(false);
  });
});
