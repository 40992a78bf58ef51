import { memberNames, namesNote, NO_LAST_NAME, type NameFields } from './member-names';

const fields = (extra: Partial<NameFields> = {}): NameFields => ({
  firstName: '',
  lastName: '',
  displayName: '',
  nicename: '',
  email: 'someone@members.example',
  ...extra,
});

const names = (extra: Partial<NameFields>) => {
  const { firstName, lastName } = memberNames(fields(extra));
  return [firstName, lastName];
};

describe("a member's names when the site has none (memberNames)", () => {
  it("keeps the site's first and last names, trimmed, and notes nothing", () => {
    const named = memberNames(fields({ firstName: ' Olivia ', lastName: 'Brown', displayName: 'Liv B' }));
    expect(named).toEqual({ firstName: 'Olivia', lastName: 'Brown', from: {} });
    expect(namesNote(named)).toBe('');
  });

  it('takes them from display_name first: the first word, then the rest', () => {
    const named = memberNames(fields({ displayName: 'Mary Anne de la Cruz', nicename: 'other-name', email: 'x.y@z.example' }));
    expect(named).toEqual({ firstName: 'Mary', lastName: 'Anne de la Cruz', from: { firstName: 'display_name', lastName: 'display_name' } });
    expect(namesNote(named)).toBe('no first or last name at the site: both taken from display_name');
  });

  it('then from user_nicename, without its digits and capitalised', () => {
    const named = memberNames(fields({ displayName: '  ', nicename: 'olivia-brown-13' }));
    expect([named.firstName, named.lastName]).toEqual(['Olivia', 'Brown']);
    expect(namesNote(named)).toBe('no first or last name at the site: both taken from user_nicename');
  });

  it('then from the local part of the address, made presentable', () => {
    expect(names({ email: 'jane.doe@x.example' })).toEqual(['Jane', 'Doe']);
    expect(names({ email: 'JANE_DOE+news@x.example' })).toEqual(['Jane', 'Doe']);
    expect(names({ email: 'olivia.brown.2031@members.example' })).toEqual(['Olivia', 'Brown']);
    expect(names({ email: 'jean-luc.mcKay@x.example' })).toEqual(['Jean-Luc', 'mcKay']);
    expect(namesNote(memberNames(fields({ email: 'jane.doe@x.example' })))).toBe('no first or last name at the site: both taken from the email address');
  });

  it('treats whitespace-only names as none, and fills only the missing one', () => {
    const lastOnly = memberNames(fields({ firstName: 'Olivia', lastName: ' \t ', displayName: 'Liv Brown-Smith' }));
    expect(lastOnly).toMatchObject({ firstName: 'Olivia', lastName: 'Brown-Smith' });
    expect(namesNote(lastOnly)).toBe('no last name at the site: the last name taken from display_name');
    const firstOnly = memberNames(fields({ firstName: '\u00a0', lastName: 'Brown', nicename: 'olivia-brown' }));
    expect(firstOnly).toMatchObject({ firstName: 'Olivia', lastName: 'Brown' });
    expect(namesNote(firstOnly)).toBe('no first name at the site: the first name taken from user_nicename');
  });

  it('decodes HTML entities of display_name and drops words without a letter (emoji, dashes)', () => {
    expect(names({ displayName: 'Se&aacute;n O&#8217;Brien &amp; co' })).toEqual(['Seán', 'O’Brien co']);
    expect(names({ displayName: 'Olivia Brown 🎉' })).toEqual(['Olivia', 'Brown']);
    expect(names({ displayName: '🎉 – Zoë   Nguyễn' })).toEqual(['Zoë', 'Nguyễn']);
  });

  it('skips a source of a single word for one that has two; with none, the first word is the first name and "-" the last', () => {
    expect(names({ displayName: 'Cher', nicename: 'cher', email: 'cher.sarkisian@x.example' })).toEqual(['Cher', 'Sarkisian']);
    const single = memberNames(fields({ displayName: 'Cher', nicename: 'cher', email: 'cher@x.example' }));
    expect(single).toEqual({ firstName: 'Cher', lastName: NO_LAST_NAME, from: { firstName: 'display_name', lastName: 'none' } });
    expect(namesNote(single)).toBe('no first or last name at the site: the first name taken from display_name, "-" for the last name (no field gives one)');
    expect(names({ firstName: 'Cher', email: 'cher@x.example' })).toEqual(['Cher', NO_LAST_NAME]);
  });

  it('gives an address without any letter its local part as the first name', () => {
    expect(names({ email: '12345@x.example' })).toEqual(['12345', NO_LAST_NAME]);
  });

  it('keeps a derived name within the platform limit of 100 characters', () => {
    const [first, last] = names({ displayName: `Ann ${'Very'.repeat(40)}` });
    expect(first).toBe('Ann');
    expect([...last!].length).toBe(100);
  });
});
