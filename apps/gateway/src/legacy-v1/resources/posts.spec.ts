import { legacyPost } from './posts';

const article = {
  id: 'a1',
  title: 'Spring news',
  content: '<p>Hello members</p>',
  excerpt: '',
  slug: 'spring-news',
  status: 'PUBLISHED',
  category: 'Club News',
  tags: ['Events', 'Été'],
  authorName: 'Ada Admin',
  coverImageUrl: 'https://cdn.example.org/cover.png',
  featuredImageUrl: '',
  publishedAt: '2026-04-01T00:00:00.000Z',
  createdAt: '2026-03-30T00:00:00.000Z',
  updatedAt: '2026-04-02T00:00:00.000Z',
};

describe('a news article in the old app’s shape', () => {
  it('lists it without content, with author, category and tags as the site’s terms', () => {
    expect(legacyPost(article, false)).toEqual({
      id: 'a1',
      type: 'post',
      status: 'publish',
      title: 'Spring news',
      slug: 'spring-news',
      date: '2026-04-01T00:00:00+00:00',
      modified: '2026-04-02T00:00:00+00:00',
      link: null,
      featured_image: 'https://cdn.example.org/cover.png',
      excerpt: 'Hello members',
      author: { id: null, name: 'Ada Admin' },
      categories: [{ id: null, name: 'Club News', slug: 'club-news' }],
      tags: [
        { id: null, name: 'Events', slug: 'events' },
        { id: null, name: 'Été', slug: 'ete' },
      ],
    });
  });

  it('gives the content of one article, and no author or category when the platform has none', () => {
    expect(legacyPost({ ...article, authorName: '', category: '' }, true)).toMatchObject({ content: '<p>Hello members</p>', author: null, categories: [] });
  });
});
