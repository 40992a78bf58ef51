import { equalMix, mixPicker, parseMix, shares } from './mix';

const KNOWN = ['browse', 'register', 'documents', 'notify'];

describe('--mix', () => {
  it('reads name=weight pairs, leaves out zero weights and answers shares in percent', () => {
    const mix = parseMix('browse=60, register=10,documents=30,notify=0', KNOWN);
    expect([...mix]).toEqual([
      ['browse', 60],
      ['register', 10],
      ['documents', 30],
    ]);
    expect(shares(parseMix('browse=1,register=2', KNOWN))).toEqual({ browse: 33.3, register: 66.7 });
  });

  it.each([
    ['browse', /not name=weight/],
    ['nope=1', /unknown scenario 'nope'/],
    ['browse=1,browse=2', /twice/],
    ['browse=0', /no scenario/],
    ['browse=-1', /not name=weight/],
  ])('refuses %s', (text, message) => {
    expect(() => parseMix(text, KNOWN)).toThrow(message);
  });

  it('picks each scenario in its share, within one request over any prefix', () => {
    const next = mixPicker(parseMix('browse=60,register=10,documents=30', KNOWN));
    const counts: Record<string, number> = { browse: 0, register: 0, documents: 0 };
    for (let n = 1; n <= 1000; n++) {
      counts[next()]!++;
      expect(Math.abs(counts['browse']! - n * 0.6)).toBeLessThanOrEqual(1);
      expect(Math.abs(counts['register']! - n * 0.1)).toBeLessThanOrEqual(1);
      expect(Math.abs(counts['documents']! - n * 0.3)).toBeLessThanOrEqual(1);
    }
  });

  it('alternates with equal shares', () => {
    const next = mixPicker(equalMix(['a', 'b', 'c']));
    expect(Array.from({ length: 6 }, next)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });
});
