import { isBlankRecord, MAX_HEADER_PROBLEMS, readHeader, rowCells } from './csv-layout';

const HEADER = ['title', 'eventType', 'startDate', 'endDate'];

describe('the layout of an import file', () => {
  it('maps header cells to columns, empty header cells to none', () => {
    const { layout, problems } = readHeader([...HEADER, ' Address.City ', '', '']);
    expect(problems).toEqual([]);
    expect(layout).toEqual({ columns: [...HEADER, 'city', undefined, undefined], width: 5 });
  });

  it('says what is wrong with a header, and that columns need separators when it is one cell', () => {
    expect(readHeader(['title;eventType;startDate;endDate']).problems).toContain(
      'the header has a single column: columns are separated by commas, semicolons or tabs',
    );
    expect(readHeader([...HEADER, 'TITLE']).problems).toEqual(['column title appears twice']);
  });

  it('reports a bounded number of header problems', () => {
    const { problems } = readHeader([...HEADER, ...Array.from({ length: 500 }, (_, i) => `foreign ${i}`)]);
    expect(problems).toHaveLength(MAX_HEADER_PROBLEMS + 1);
    expect(problems.at(-1)).toBe('and 480 more problems with the columns');
  });

  it('takes a row with empty cells beyond the header or under unnamed columns', () => {
    const { layout } = readHeader([...HEADER, '']);
    expect(rowCells(layout, ['A', 'VIRTUAL', 's', 'e', '', ' ', ''])).toEqual({
      cells: { title: 'A', eventType: 'VIRTUAL', startDate: 's', endDate: 'e' },
      violations: [],
    });
    expect(rowCells(layout, ['A', 'VIRTUAL', 's', 'e']).violations).toEqual([]);
  });

  it('rejects a row with too few cells, or a value where no column is named', () => {
    const { layout } = readHeader(['title', '', ...HEADER.slice(1)]);
    expect(rowCells(layout, ['A', 'VIRTUAL']).violations).toEqual([{ field: '(row)', message: 'has 2 cells where the header has 5 columns' }]);
    expect(rowCells(layout, ['A', 'x', 'VIRTUAL', 's', 'e']).violations).toEqual([
      { field: '(row)', message: 'has a value in cell 2, whose column has no name in the header' },
    ]);
    expect(rowCells(layout, ['A', '', 'VIRTUAL', 's', 'e', 'more']).violations).toEqual([
      { field: '(row)', message: 'has 6 cells where the header has 5 columns (a value holding the separator must be in quotes)' },
    ]);
  });

  it('calls a record of blanks blank', () => {
    expect(isBlankRecord(['', ' ', '\t'])).toBe(true);
    expect(isBlankRecord(['', 'x'])).toBe(false);
  });
});
