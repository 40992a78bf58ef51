import { lazy } from 'react';
import { Resource } from 'react-admin';
import FolderIcon from '@mui/icons-material/Folder';
import type { AdminArea } from '../core/admin-area';

const DocumentsPage = lazy(() => import('./documents-page').then((m) => ({ default: m.DocumentsPage })));

const DOCUMENTS = '/api/orgs/{organizationId}/documents';

/** The console's documents: folder tree, streamed upload with progress, access levels, delete. */
export const documentsArea: AdminArea = {
  name: 'documents',
  resources: {
    documents: {
      list: DOCUMENTS,
      one: `${DOCUMENTS}/{docId}`,
      delete: `${DOCUMENTS}/{docId}`,
      idParam: 'docId',
      paged: true,
      authorities: { read: 'ORG:DOCUMENT:UPLOAD', delete: 'ORG:DOCUMENT:DELETE' },
    },
  },
  elements: [<Resource key="documents" name="documents" list={DocumentsPage} icon={FolderIcon} />],
};
