import { isValidFilter, isValidSubject } from './subject-pattern';

export const DEFAULT_STREAM = 'PLATFORM';

/** The first token of every platform subject: one per publishing service, plus `audit` and file storage. */
export const PLATFORM_SUBJECT_ROOTS = ['identity', 'organisation', 'content', 'events', 'documents', 'storage', 'notifications', 'connector', 'audit'] as const;

const STREAM_NAME = /^[A-Za-z0-9_-]+$/;
const PREFIX = /^[a-z0-9][a-z0-9-]*$/;

export interface MessagingNamesConfig {
  stream?: string;
  subjectPrefix?: string;
}

/**
 * Where this process's events live: the stream name and an optional subject prefix. Production uses
 * stream `PLATFORM` and no prefix; each test run uses its own stream and prefix (`T_abc123`,
 * `tabc123.identity.user.registered`) so suites never see each other's messages.
 * Code always speaks logical subjects (`identity.user.registered`) and goes through these helpers.
 */
export class MessagingNames {
  readonly stream: string;
  readonly subjectPrefix: string;

  constructor({ stream = DEFAULT_STREAM, subjectPrefix = '' }: MessagingNamesConfig = {}) {
    if (!STREAM_NAME.test(stream)) throw new Error(`invalid stream name '${stream}'`);
    if (subjectPrefix !== '' && !PREFIX.test(subjectPrefix)) throw new Error(`invalid subject prefix '${subjectPrefix}'`);
    this.stream = stream;
    this.subjectPrefix = subjectPrefix;
  }

  /** From STREAM_NAME and SUBJECT_PREFIX (the names in `commonEnv` of @platform/config). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): MessagingNames {
    return new MessagingNames({ stream: env['STREAM_NAME'] || undefined, subjectPrefix: env['SUBJECT_PREFIX'] ?? '' });
  }

  /** The wire subject of a logical subject: `identity.user.registered` → `tabc123.identity.user.registered`. */
  subject(logical: string): string {
    if (!isValidSubject(logical)) throw new Error(`invalid subject '${logical}': expected <service>.<entity>.<verb>`);
    return this.prefixed(logical);
  }

  /** The wire form of a filter pattern (`identity.user.*`, `audit.>`). */
  filter(logical: string): string {
    if (!isValidFilter(logical)) throw new Error(`invalid subject filter '${logical}'`);
    return this.prefixed(logical);
  }

  /** The logical subject of a wire subject (the prefix removed). */
  logical(subject: string): string {
    const head = this.subjectPrefix === '' ? '' : `${this.subjectPrefix}.`;
    if (!subject.startsWith(head)) throw new Error(`subject '${subject}' lacks prefix '${this.subjectPrefix}'`);
    return subject.slice(head.length);
  }

  /** The stream's subjects: `<prefix>.<root>.>` for each root. */
  streamSubjects(roots: readonly string[] = PLATFORM_SUBJECT_ROOTS): string[] {
    return roots.map((root) => this.filter(`${root}.>`));
  }

  private prefixed(logical: string): string {
    return this.subjectPrefix === '' ? logical : `${this.subjectPrefix}.${logical}`;
  }
}
