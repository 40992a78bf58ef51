import { formatMoney, minorUnits, priceForApi, priceProblem } from './money';

describe('prices in the console', () => {
  it('knows the minor units of a currency', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('KWD')).toBe(3);
  });

  it('takes plain decimals with at most the currency minor units, trailing zeros not counting', () => {
    expect(priceProblem('49.90', 'EUR')).toBeUndefined();
    expect(priceProblem('20.500', 'EUR')).toBeUndefined();
    expect(priceProblem('12', 'JPY')).toBeUndefined();
    expect(priceProblem('', 'EUR')).toBeUndefined();
    expect(priceProblem('49.999', 'EUR')).toBe('minorUnits');
    expect(priceProblem('12.5', 'JPY')).toBe('minorUnits');
    expect(priceProblem('1e3', 'EUR')).toBe('format');
    expect(priceProblem('1,000.00', 'EUR')).toBe('format');
    expect(priceProblem('-5', 'EUR')).toBe('format');
  });

  it('sends the exact text, never a float', () => {
    expect(priceForApi(' 49.90 ')).toBe('49.90');
    expect(priceForApi('')).toBeNull();
    expect(priceForApi(49.9)).toBe('49.9');
  });

  it('formats amounts with the currency through Intl', () => {
    expect(formatMoney(49.9, 'EUR', 'en-GB')).toBe('€49.90');
    expect(formatMoney(null, 'EUR', 'en-GB')).toBe('');
    expect(formatMoney(1000, 'JPY', 'en-GB')).toBe('JP¥1,000');
  });
});
