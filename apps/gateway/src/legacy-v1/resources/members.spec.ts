import { legacyMember } from './members';

describe('a member in the old app’s directory shape', () => {
  it('maps the directory entry, hidden or unset fields null', () => {
    expect(
      legacyMember({
        id: 'm1',
        firstName: 'Zoë',
        lastName: "O'Brien",
        displayName: '',
        email: null,
        phoneNumber: '+61 400 000 000',
        jobTitle: '',
        company: 'Acme',
        city: 'Perth',
        isCertified: true,
      }),
    ).toEqual({
      id: 'm1',
      display_name: "Zoë O'Brien",
      first_name: 'Zoë',
      last_name: "O'Brien",
      email: null,
      mobile_number: '+61 400 000 000',
      job_title: null,
      company: 'Acme',
      city: 'Perth',
      state: null,
      is_certified: true,
    });
  });
});
