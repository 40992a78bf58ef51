import type { Db } from './db';
import type { SurveyResponse as SurveyResponseRow } from './generated/client';

export type { SurveyResponseRow };

export function findSurveyResponse(db: Db, organizationId: string, eventId: string, id: string): Promise<SurveyResponseRow | null> {
  return db.surveyResponse.findFirst({ where: { id, eventId, organizationId } });
}

export async function querySurveyResponses(db: Db, q: { eventId: string; skip: number; take: number }) {
  const where = { eventId: q.eventId };
  const [rows, total] = await Promise.all([
    db.surveyResponse.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: q.skip, take: q.take }),
    db.surveyResponse.count({ where }),
  ]);
  return { rows, total };
}
