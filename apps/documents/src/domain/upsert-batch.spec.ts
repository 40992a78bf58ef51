import { externalIdProblem, fileNameOfUrl, isMimeType, remoteUrlProblem, upsertResponse } from './upsert-batch';

describe('import batches', () => {
  it('counts each action', () => {
    const response = upsertResponse([
      { externalId: 'a', action: 'CREATE', id: '1', error: '' },
      { externalId: 'b', action: 'SKIP', id: '2', error: '' },
      { externalId: 'c', action: 'ERROR', id: '', error: 'x' },
    ]);
    expect(response).toMatchObject({ created: 1, updated: 0, skipped: 1, failed: 1 });
  });

  it('refuses a blank, long or repeated external id', () => {
    const seen = new Set<string>();
    expect(externalIdProblem('', seen)).toMatch(/required/);
    expect(externalIdProblem('x'.repeat(101), seen)).toMatch(/100/);
    expect(externalIdProblem('42', seen)).toBeUndefined();
    expect(externalIdProblem('42', seen)).toMatch(/twice/);
  });

  it('takes http(s) file URLs only, without credentials', () => {
    expect(remoteUrlProblem('https://site.example/wp-content/uploads/a.pdf')).toBeUndefined();
    expect(remoteUrlProblem('file:///etc/passwd')).toMatch(/http/);
    expect(remoteUrlProblem('https://u:p@site.example/a.pdf')).toMatch(/credentials/);
    expect(remoteUrlProblem('not a url')).toMatch(/http/);
  });

  it('names a file after its URL', () => {
    expect(fileNameOfUrl('https://site.example/uploads/Rapport%20annuel.pdf?v=2')).toBe('Rapport annuel.pdf');
    expect(fileNameOfUrl('https://site.example/')).toBe('file');
  });

  it('recognises a MIME type', () => {
    expect(isMimeType('application/pdf')).toBe(true);
    expect(isMimeType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(true);
    expect(isMimeType('pdf')).toBe(false);
  });
});
