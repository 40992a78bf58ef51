import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives a plain ASCII name as both forms', () => {
    expect(contentDisposition('report.pdf', false)).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
  });

  it('keeps a non-ASCII name exactly in filename* and replaces it in the fallback', () => {
    expect(contentDisposition('Bilan été.pdf', true)).toBe(`inline; filename="Bilan _t_.pdf"; filename*=UTF-8''Bilan%20%C3%A9t%C3%A9.pdf`);
  });

  it('cannot be broken out of by quotes, separators or line breaks', () => {
    const header = contentDisposition('a"b\\c/../d\r\nX-Evil: 1.txt', false);
    expect(header).toBe(`attachment; filename="a_b_c_.._dX-Evil: 1.txt"; filename*=UTF-8''a%22b_c_.._dX-Evil%3A%201.txt`);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('omits the name when nothing is left of it', () => {
    expect(contentDisposition('\u0000', false)).toBe('attachment');
  });
});
