/** Words the generator builds an association's people and content from. */

export const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Thomas',
  'Mia',
  'James',
  'Ava',
  'Oliver',
  'Grace',
  'Lucas',
  'Chloe',
  'Henry',
  'Sophie',
  'Ethan',
  'Zoë',
  'Liam',
  'Ruby',
  'Mason',
  'Harper',
  'Leo',
  'Ella',
  'Hamish',
  'Siobhán',
  'Aarav',
  'Mei',
  'Nguyễn',
  'José',
  'Fatima',
  'Kai',
  'Anaïs',
  'Seán',
  'Priya',
  'Tama',
  'Ngaio',
];

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Thomas',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  "O'Brien",
  "D'Angelo",
  'Müller',
  'García',
  'Papadopoulos',
  'Van der Berg',
  'Singh',
  'Chen',
  'MacDonald',
  'Kowalski',
  'Te Whare',
  'Ó Súilleabháin',
];

export const CITIES: readonly (readonly [string, string, string])[] = [
  ['Brisbane', 'QLD', '4000'],
  ['Sydney', 'NSW', '2000'],
  ['Melbourne', 'VIC', '3000'],
  ['Gold Coast', 'QLD', '4217'],
  ['Townsville', 'QLD', '4810'],
  ['Canberra', 'ACT', '2600'],
  ['Hobart', 'TAS', '7000'],
  ['Newcastle', 'NSW', '2300'],
  ['Cairns', 'QLD', '4870'],
  ['Geelong', 'VIC', '3220'],
];

export const STREETS = ['George St', 'Queen St', 'Ann St', 'Main Rd', 'Station St', 'Park Ave', 'Harbour Dr', 'Church St', 'Bay Tce'];

export const JOB_TITLES = [
  'Practice Manager',
  'Senior Consultant',
  'Director',
  'Project Engineer',
  'Owner',
  'Operations Lead',
  'Site Supervisor',
  'Compliance Officer',
  'Graduate',
  'Partner',
  'Technical Specialist',
  'Estimator',
  'Office Manager',
  'CEO',
];

export const COMPANY_WORDS = ['Coastal', 'Summit', 'Harbour', 'Red Gum', 'Southern Cross', 'Ironbark', 'Bluewater', 'Granite', 'Wattle', 'Northside'];
export const COMPANY_KINDS = ['Building', 'Engineering', 'Consulting', 'Electrical', 'Plumbing', 'Design', 'Logistics', 'Services'];
export const COMPANY_SUFFIXES = ['Pty Ltd', '& Co', 'Group', 'Partners', 'Solutions'];

export const WORDS = (
  'member association annual general meeting board committee industry training workshop safety compliance standard ' +
  'update policy guidance networking breakfast conference award excellence community regional chapter submission ' +
  'government reform consultation survey results webinar course accreditation renewal benefits partner sponsor ' +
  'program season report budget strategy growth skills apprentice mentor volunteer council election nomination ' +
  'insurance contract tender project quality environment sustainability innovation technology digital future'
).split(' ');

export const ARTICLE_TITLES = [
  'Annual General Meeting &amp; Awards Night',
  'Members&#8217; survey: what you told us',
  'New safety standard takes effect',
  'Q&amp;A with our incoming President',
  'Industry update &#8211; autumn edition',
  '🎉 Celebrating 50 years of the Association',
  '&quot;Build it right&quot; campaign launches',
  'Training calendar released',
  'Submission to the state government on licensing reform',
  'Regional chapter news 🚀',
  'Five things to know about the renewal process',
  'Member spotlight: small business, big ideas',
];

export const EVENT_TITLES = [
  'Networking Breakfast',
  'Safety Compliance Workshop',
  'Members&#8217; Sundowner 🍷',
  'Webinar: Contracts &amp; Payments',
  'Regional Chapter Meeting',
  'Apprentice Awards Night',
  'Tendering Masterclass',
  'Annual Golf Day ⛳',
];

export const CONFERENCE_TITLES = ['National Conference', 'Leadership Summit', 'Innovation &amp; Technology Expo', 'Women in Industry Forum'];

export const DOCUMENT_TITLES = [
  'Board minutes',
  'Membership application form',
  'Code of Conduct',
  'Annual report',
  'Safety checklist',
  'Fee schedule',
  'Complaints procedure',
  'Tender template',
  'Privacy &amp; data policy',
  'Recall notice',
];

export const NOTIFICATION_TITLES = [
  'Renewals are open!',
  'New event: Networking Breakfast &amp; Awards',
  'We&#8217;ve updated our privacy policy',
  'Product recall &#8211; please read',
  'Reminder: AGM this Friday 📣',
  'Your voice matters: take the survey',
];

export const CATEGORIES = ['News', 'Advocacy', 'Events', 'Member Stories', 'Industry', 'Awards &amp; Recognition', 'Education', 'Policy', 'Uncategorized'];

export const TAGS = (
  'agm awards training safety webinar renewal survey government licensing apprentices regional sponsors wellbeing technology ' +
  'sustainability contracts insurance tenders media board'
).split(' ');

export const PAGES: readonly (readonly [string, string])[] = [
  ['About Us', 'about-us'],
  ['Contact Us', 'contact-us'],
  ['Privacy Policy', 'privacy-policy'],
  ['Terms &amp; Conditions', 'terms-and-conditions'],
  ['Membership Benefits', 'membership-benefits'],
  ['Code of Conduct', 'code-of-conduct'],
  ['Our Board', 'our-board'],
  ['FAQ', 'faq'],
];

export const FILE_EXTENSIONS: readonly (readonly [string, number])[] = [
  ['pdf', 55],
  ['docx', 15],
  ['xlsx', 10],
  ['pptx', 5],
  ['txt', 5],
  ['csv', 5],
  ['doc', 3],
  ['zip', 2],
];
