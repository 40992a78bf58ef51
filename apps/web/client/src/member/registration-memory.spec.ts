import { RegistrationMemory } from './registration-memory';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('RegistrationMemory', () => {
  it('remembers a registration per person and event, and forgets it', () => {
    const storage = memoryStorage();
    const ann = new RegistrationMemory(storage, 'ann');
    const bob = new RegistrationMemory(storage, 'bob');
    ann.remember('e1', 'r1');
    ann.remember('e2', 'r2');
    expect(ann.get('e1')).toBe('r1');
    expect(bob.get('e1')).toBeUndefined();
    ann.forget('e1');
    expect(ann.get('e1')).toBeUndefined();
    expect(ann.get('e2')).toBe('r2');
    ann.forget('e2');
    expect(storage.map.size).toBe(0);
  });

  it('survives what another version left in storage', () => {
    const storage = memoryStorage();
    storage.setItem('platform.registrations.ann', 'not json');
    const ann = new RegistrationMemory(storage, 'ann');
    expect(ann.get('e1')).toBeUndefined();
    ann.remember('e1', 'r1');
    expect(ann.get('e1')).toBe('r1');
    storage.setItem('platform.registrations.ann', '["x"]');
    expect(ann.get('0')).toBeUndefined();
  });
});
