import { z } from 'zod';
import { pagedEnvelope, parsePageQuery } from '@platform/db';
import { PlatformError, uuid, validate } from '@platform/errors';
import { callerOf, type AsyncService } from '@platform/grpc-server';
import type { eventsV1 } from '@platform/proto';
import type { EventsDeps } from '../deps';
import { alreadySubmitted, eventNotFound, surveyResponseNotFound } from '../domain/errors';
import { answerViolations, type SurveyQuestion } from '../domain/survey';
import { findEvent } from '../store/events';
import { findRegistration } from '../store/registrations';
import { claimSurveyResponse, findSurveyResponse, querySurveyResponses } from '../store/survey-responses';
import { toSurveyResponseMessage } from './mappers';

type SurveyHandlers = Pick<AsyncService<eventsV1.EventsServiceServer>, 'submitSurveyResponse' | 'listSurveyResponses' | 'getSurveyResponse'>;

const eventRef = z.object({ organizationId: uuid, eventId: uuid });
const responseRef = eventRef.extend({ responseId: uuid });
const submitInput = responseRef.extend({
  answers: z.array(z.object({ questionId: z.string().max(64, 'must be at most 64 characters'), answer: z.string() })).max(100, 'must have at most 100 answers'),
});

export function surveyHandlers(deps: EventsDeps): SurveyHandlers {
  return {
    /**
     * The registrant submits their response once: answers checked against the event's questions
     * (400 naming each wrong answer), a second submit 409, as is a submit for a cancelled
     * registration (an ended event still takes them: feedback comes afterwards). The row is
     * claimed with a conditional update, so two simultaneous submits cannot both pass.
     */
    async submitSurveyResponse(request, ctx) {
      const input = validate(submitInput, request);
      const caller = callerOf(ctx);
      const event = await findEvent(deps.db, input.organizationId, input.eventId);
      if (!event) throw eventNotFound();
      const response = await findSurveyResponse(deps.db, input.organizationId, input.eventId, input.responseId);
      if (!response || response.userId !== caller.sub) throw surveyResponseNotFound();
      if (response.submittedAt) throw alreadySubmitted();
      const registration = await findRegistration(deps.db, input.organizationId, input.eventId, response.registrationId);
      if (!registration || registration.status === 'CANCELLED') throw PlatformError.conflict('The registration of this survey response is cancelled');
      const violations = answerViolations(event.surveyQuestions as unknown as SurveyQuestion[], input.answers);
      if (violations.length > 0) throw PlatformError.validation(violations, `Invalid ${violations.map((v) => v.field).join(', ')}`);
      const answers = input.answers.map((a) => ({ questionId: a.questionId, answer: a.answer.trim() }));
      if (!(await claimSurveyResponse(deps.db, response.id, answers, deps.now()))) throw alreadySubmitted();
      const saved = await findSurveyResponse(deps.db, input.organizationId, input.eventId, input.responseId);
      if (!saved) throw surveyResponseNotFound();
      return toSurveyResponseMessage(saved);
    },

    async listSurveyResponses(request) {
      const input = validate(eventRef, request);
      const page = parsePageQuery(request, { sortable: ['createdAt'], defaultSort: { field: 'createdAt', direction: 'asc' } });
      if (!(await findEvent(deps.db, input.organizationId, input.eventId))) throw eventNotFound();
      const { rows, total } = await querySurveyResponses(deps.db, { eventId: input.eventId, skip: page.skip, take: page.take });
      return pagedEnvelope(rows.map(toSurveyResponseMessage), total, page);
    },

    async getSurveyResponse(request) {
      const input = validate(responseRef, request);
      if (!(await findEvent(deps.db, input.organizationId, input.eventId))) throw eventNotFound();
      const row = await findSurveyResponse(deps.db, input.organizationId, input.eventId, input.responseId);
      if (!row) throw surveyResponseNotFound();
      return toSurveyResponseMessage(row);
    },
  };
}
