import { StopList } from './stop-list';

describe('the stop list', () => {
  it('closes the last opened first, goes on past a failure, and closes each step once', async () => {
    const closed: string[] = [];
    const errors: unknown[] = [];
    const list = new StopList();
    list.add(() => void closed.push('database'));
    list.add(async () => {
      throw new Error('stuck');
    });
    list.add(async () => void closed.push('consumer'));

    await list.closeAll((err) => errors.push(err));
    await list.closeAll((err) => errors.push(err));

    expect(closed).toEqual(['consumer', 'database']);
    expect(errors).toEqual([new Error('stuck')]);
  });
});
