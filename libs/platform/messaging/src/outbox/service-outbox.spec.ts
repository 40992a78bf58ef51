import { SUBJECTS } from '../catalogue/subjects';
import { MessagingNames } from '../names/messaging-names';
import type { SqlExecutor } from '../sql/sql-executor';
import { serviceOutbox } from './service-outbox';

/** A transaction that records the subjects of the rows it is asked to insert. */
function recordingTx(): SqlExecutor & { subjects: unknown[] } {
  const subjects: unknown[] = [];
  return {
    subjects,
    $executeRawUnsafe: async (_sql: string, ...values: unknown[]) => {
      subjects.push(values[1]);
      return 1;
    },
  };
}

const published = { articleId: 'a', organizationId: 'o', title: 't', excerpt: '', membersOnly: false, publishedAt: '', publishedBy: '', occurredAt: '' };

describe("a service's outbox", () => {
  const names = new MessagingNames({ subjectPrefix: 'tx1' });

  it('writes the subjects the service registry lists for the service', async () => {
    const tx = recordingTx();
    await serviceOutbox('content', names, [SUBJECTS.articlePublished]).write(tx, SUBJECTS.articlePublished, published);
    expect(tx.subjects).toEqual(['tx1.content.article.published']);
  });

  it('refuses a subject the registry does not list, before writing anything', async () => {
    const tx = recordingTx();
    const outbox = serviceOutbox('content', names, [SUBJECTS.auditRecorded]);
    await expect(outbox.write(tx, SUBJECTS.articlePublished, published)).rejects.toThrow("'content.article.published' is not among the subjects");
    await expect(outbox.writeMany(tx, SUBJECTS.articlePublished, [published])).rejects.toThrow('publishes: audit.recorded');
    expect(tx.subjects).toEqual([]);
  });

  it('writes any catalogued subject when no list is given', async () => {
    const tx = recordingTx();
    await serviceOutbox('content', names).write(tx, SUBJECTS.articlePublished, published);
    expect(tx.subjects).toHaveLength(1);
  });
});
