import { formFileName } from './upload-handler';

describe('formFileName', () => {
  it('undoes the HTML form escapes of a file name', () => {
    expect(formFileName('Procès-verbal %222024%22.pdf')).toBe('Procès-verbal "2024".pdf');
    expect(formFileName('a%0D%0Ab.txt')).toBe('ab.txt');
    expect(formFileName('plain.pdf')).toBe('plain.pdf');
  });
});
