import type { KeyValueStorage } from '../session/session-store';

/**
 * Which registration this browser made for which event, per signed-in person. The API has no
 * "my registration for this event" read (a member may read one registration by its id, and the
 * event list says nothing of the caller), so the app keeps the id it was given when registering.
 */
export class RegistrationMemory {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly userId: string,
  ) {}

  private get key(): string {
    return `platform.registrations.${this.userId}`;
  }

  private read(): Record<string, string> {
    try {
      const value: unknown = JSON.parse(this.storage.getItem(this.key) ?? '{}');
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
    } catch {
      return {};
    }
  }

  get(eventId: string): string | undefined {
    const id = this.read()[eventId];
    return typeof id === 'string' ? id : undefined;
  }

  remember(eventId: string, registrationId: string): void {
    this.storage.setItem(this.key, JSON.stringify({ ...this.read(), [eventId]: registrationId }));
  }

  forget(eventId: string): void {
    const all = this.read();
    delete all[eventId];
    if (Object.keys(all).length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(all));
  }
}
