/** The demo world: what `npm run seed` creates, the same on every run (so a second run adds nothing). */
export const DEMO_PASSWORD = 'demo password 2026';
export const MEMBERS_PER_ORGANIZATION = 100;

export interface DemoOrganization {
  slug: string;
  name: string;
  ownerEmail: string;
  memberEmail: string;
  branding: { primaryColor: string; secondaryColor: string; fontFamily: string };
  membershipTypes: { name: string; description: string; price: string; currency: string; durationMonths: number; benefits: string[] }[];
  events: { title: string; category: string; daysAhead: number; maxAttendees?: number; price?: number }[];
  articles: { title: string; content: string; tags: string[]; membersOnly?: boolean }[];
  folders: { name: string; documents: { name: string; fileName: string; text: string }[] }[];
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    slug: 'riverside-rowing',
    name: 'Riverside Rowing Club',
    ownerEmail: 'owner@riverside-rowing.demo',
    memberEmail: 'member@riverside-rowing.demo',
    branding: { primaryColor: '#0b5394', secondaryColor: '#f1c232', fontFamily: 'Georgia, serif' },
    membershipTypes: [
      {
        name: 'Full member',
        description: 'Boats, coaching and the clubhouse',
        price: '180.00',
        currency: 'EUR',
        durationMonths: 12,
        benefits: ['Boats', 'Coaching'],
      },
      { name: 'Junior', description: 'Under 18', price: '60.00', currency: 'EUR', durationMonths: 12, benefits: ['Boats'] },
    ],
    events: [
      { title: 'Spring regatta', category: 'Races', daysAhead: 30, maxAttendees: 5, price: 15 },
      { title: 'Learn to row weekend', category: 'Training', daysAhead: 45 },
      { title: 'Annual general meeting', category: 'Meetings', daysAhead: 60 },
    ],
    articles: [
      { title: 'New boats have arrived', content: '<p>Two new coxless fours are in the boathouse.</p>', tags: ['boats'] },
      { title: 'Regatta results', content: '<p>Our crews won three races.</p><ul><li>Men eights</li><li>Women fours</li></ul>', tags: ['races'] },
      { title: 'Committee minutes', content: '<p>The minutes of the last committee meeting.</p>', tags: ['committee'], membersOnly: true },
    ],
    folders: [
      { name: 'Safety', documents: [{ name: 'Safety rules', fileName: 'safety-rules.txt', text: 'Always wear a life jacket when coaching from a launch.\n' }] },
      {
        name: 'Committee',
        documents: [{ name: 'Constitution', fileName: 'constitution.txt', text: 'Article 1. The club is called Riverside Rowing Club.\n' }],
      },
    ],
  },
  {
    slug: 'harbour-historians',
    name: 'Harbour Historical Society',
    ownerEmail: 'owner@harbour-historians.demo',
    memberEmail: 'member@harbour-historians.demo',
    branding: { primaryColor: '#7f6000', secondaryColor: '#274e13', fontFamily: 'Palatino, serif' },
    membershipTypes: [
      { name: 'Annual', description: 'Talks, the journal and the archive', price: '35.00', currency: 'GBP', durationMonths: 12, benefits: ['Journal'] },
    ],
    events: [
      { title: 'Walk along the old docks', category: 'Walks', daysAhead: 20, maxAttendees: 5 },
      { title: 'Talk: the lighthouse keepers', category: 'Talks', daysAhead: 40 },
    ],
    articles: [{ title: 'The archive is open on Saturdays', content: '<p>Volunteers welcome members every Saturday morning.</p>', tags: ['archive'] }],
    folders: [{ name: 'Journal', documents: [{ name: 'Journal, spring issue', fileName: 'journal-spring.txt', text: 'The spring issue of the journal.\n' }] }],
  },
];

const FIRST = [
  'Ann',
  'Bram',
  'Chloe',
  'Dries',
  'Elif',
  'Farah',
  'Gert',
  'Hana',
  'Ilse',
  'Jonas',
  'Katrien',
  'Lars',
  'Mila',
  'Noah',
  'Olga',
  'Pieter',
  'Quinten',
  'Rosa',
  'Sven',
  'Tess',
];
const LAST = ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Willems', 'Claes', 'Goossens', 'Wouters', 'De Smet', 'Dubois'];

/** The organisation's n-th demo member (0-based): a stable address and name. */
export function demoMember(slug: string, n: number): { email: string; firstName: string; lastName: string } {
  return {
    email: `member${String(n + 1).padStart(3, '0')}@${slug}.demo`,
    firstName: FIRST[n % FIRST.length] ?? 'Ann',
    lastName: LAST[Math.floor(n / FIRST.length) % LAST.length] ?? 'Peeters',
  };
}
