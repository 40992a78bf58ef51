import { isUniqueViolation } from './unique-violation';

describe('isUniqueViolation', () => {
  it("recognises Prisma's P2002 and Postgres' 23505, however reported", () => {
    expect(isUniqueViolation({ code: 'P2002' })).toBe(true);
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('DriverAdapterError: 23505 duplicate key value violates unique constraint'))).toBe(true);
  });

  it('is false for anything else', () => {
    expect(isUniqueViolation({ code: 'P2025' })).toBe(false);
    expect(isUniqueViolation(new Error('connection refused'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
