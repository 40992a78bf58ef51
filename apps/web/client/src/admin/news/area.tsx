import { lazy } from 'react';
import { Resource } from 'react-admin';
import ArticleIcon from '@mui/icons-material/Article';
import type { AdminArea } from '../core/admin-area';

// The editor (TipTap) comes with these screens only: never in the console's first download.
const NewsList = lazy(() => import('./news-screens').then((m) => ({ default: m.NewsList })));
const NewsCreate = lazy(() => import('./news-screens').then((m) => ({ default: m.NewsCreate })));
const NewsEdit = lazy(() => import('./news-screens').then((m) => ({ default: m.NewsEdit })));
const NewsShow = lazy(() => import('./news-screens').then((m) => ({ default: m.NewsShow })));

const NEWS = '/api/orgs/{organizationId}/news';

/** The console's news: list by status, write with the editor, schedule, publish/archive, moderate comments. */
export const newsArea: AdminArea = {
  name: 'news',
  resources: {
    news: {
      list: NEWS,
      one: `${NEWS}/{articleId}`,
      create: NEWS,
      update: `${NEWS}/{articleId}`,
      delete: `${NEWS}/{articleId}`,
      idParam: 'articleId',
      paged: true,
      authorities: { read: 'ORG:NEWS:VIEW', create: 'ORG:NEWS:CREATE', edit: 'ORG:NEWS:UPDATE', delete: 'ORG:NEWS:DELETE' },
    },
  },
  elements: [
    <Resource key="news" name="news" list={NewsList} create={NewsCreate} edit={NewsEdit} show={NewsShow} icon={ArticleIcon} recordRepresentation="title" />,
  ],
};
