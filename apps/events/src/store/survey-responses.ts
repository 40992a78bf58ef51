import type { Db, Tx } from './db';
import type { Prisma, SurveyResponse as SurveyResponseRow } from './generated/client';

export type { SurveyResponseRow };

export function findSurveyResponse(db: Db, organizationId: string, eventId: string, id: string): Promise<SurveyResponseRow | null> {
  return db.surveyResponse.findFirst({ where: { id, eventId, organizationId } });
}

/** The registration's survey response, created unsubmitted (the registrant submits it later). */
export function createSurveyResponse(
  tx: Tx,
  response: { id: string; eventId: string; organizationId: string; registrationId: string; userId: string },
): Promise<SurveyResponseRow> {
  return tx.surveyResponse.create({ data: response });
}

/**
 * The answers, written only while the response is unsubmitted (one conditional update, so two
 * simultaneous submits cannot both pass): true when this submit claimed it.
 */
export async function claimSurveyResponse(db: Db, id: string, answers: Array<{ questionId: string; answer: string }>, submittedAt: Date): Promise<boolean> {
  const { count } = await db.surveyResponse.updateMany({ where: { id, submittedAt: null }, data: { answers: answers as Prisma.InputJsonValue, submittedAt } });
  return count !== 0;
}

export async function querySurveyResponses(db: Db, q: { eventId: string; skip: number; take: number }) {
  const where = { eventId: q.eventId };
  const [rows, total] = await Promise.all([
    db.surveyResponse.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.surveyResponse.count({ where }),
  ]);
  return { rows, total };
}
