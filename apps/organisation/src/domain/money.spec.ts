import { isCurrencyCode, isFree, normalisePrice } from './money';

describe('money', () => {
  it('normalises prices to two decimals and refuses the rest', () => {
    expect(normalisePrice('25')).toBe('25.00');
    expect(normalisePrice('25.5')).toBe('25.50');
    expect(normalisePrice('0.1')).toBe('0.10');
    for (const bad of ['-1', '1.234', '1e3', 'abc', '', '01', '12345678901']) expect(normalisePrice(bad)).toBeUndefined();
    expect(isFree('0.00')).toBe(true);
    expect(isFree('0.01')).toBe(false);
  });

  it('knows ISO 4217 codes', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });
});
