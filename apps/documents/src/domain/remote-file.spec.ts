import { fileNameOfUrl, isMimeType, remoteUrlProblem } from './remote-file';

describe('remote files an import records', () => {
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
