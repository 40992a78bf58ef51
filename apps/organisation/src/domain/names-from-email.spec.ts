import { namesFromEmail } from './names-from-email';

describe('names from an address', () => {
  it('splits the local part into capitalised first and last names', () => {
    expect(namesFromEmail('jane.doe@example.org')).toEqual({ firstName: 'Jane', lastName: 'Doe' });
    expect(namesFromEmail('jean-paul_de.la+news@example.org')).toEqual({ firstName: 'Jean', lastName: 'Paul De La News' });
  });

  it('gives "-" as the last name of a single word, and never an empty first name', () => {
    expect(namesFromEmail('admin@example.org')).toEqual({ firstName: 'Admin', lastName: '-' });
    expect(namesFromEmail('...@example.org')).toEqual({ firstName: 'Member', lastName: '-' });
  });
});
