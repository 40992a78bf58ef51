import { checkImportFile, summariseImport } from './import-report';

describe('the CSV import report', () => {
  it('counts rows and lists rejected lines in file order with their reasons', () => {
    const summary = summariseImport({
      totalRows: 4,
      imported: 2,
      events: [{ id: 'a' }, { id: 'b' }],
      rejected: [
        { row: 5, errors: [{ field: 'startDate', message: 'must be an ISO 8601 timestamp' }] },
        {
          row: 3,
          errors: [
            { field: 'title', message: 'is required' },
            { field: '', message: 'the row has too many cells' },
          ],
        },
      ],
    });
    expect(summary).toEqual({
      totalRows: 4,
      imported: 2,
      rejectedCount: 2,
      clean: false,
      rejected: [
        { line: 3, reasons: ['title: is required', 'the row has too many cells'] },
        { line: 5, reasons: ['startDate: must be an ISO 8601 timestamp'] },
      ],
    });
  });

  it('reads a clean or empty answer', () => {
    expect(summariseImport({ totalRows: 2, imported: 2 })).toMatchObject({ clean: true, rejectedCount: 0, imported: 2 });
    expect(summariseImport(undefined)).toEqual({ totalRows: 0, imported: 0, rejectedCount: 0, rejected: [], clean: true });
  });

  it('checks the chosen file before sending it', () => {
    expect(checkImportFile({ name: 'events.csv', type: '', size: 100 })).toBe('ok');
    expect(checkImportFile({ name: 'events.txt', type: 'text/csv', size: 100 })).toBe('ok');
    expect(checkImportFile({ name: 'events.xlsx', type: 'application/zip', size: 100 })).toBe('type');
    expect(checkImportFile({ name: 'events.csv', type: 'text/csv', size: 6 * 1024 * 1024 })).toBe('size');
  });
});
