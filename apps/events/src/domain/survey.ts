import type { FieldViolation } from '@platform/errors';

export const QUESTION_TYPES = ['TEXT', 'CHOICE', 'RATING'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface SurveyQuestion {
  id: string;
  text: string;
  type: QuestionType;
  options: string[];
  required: boolean;
}

export interface SurveyAnswer {
  questionId: string;
  answer: string;
}

export const MAX_QUESTIONS = 50;
export const MAX_ANSWER_LENGTH = 2000;
const RATINGS = ['1', '2', '3', '4', '5'];

/** What is wrong with an event's questions (ids unique, CHOICE with options, others without). */
export function questionViolations(questions: SurveyQuestion[], field = 'surveyQuestions'): FieldViolation[] {
  const out: FieldViolation[] = [];
  if (questions.length > MAX_QUESTIONS) out.push({ field, message: `must have at most ${MAX_QUESTIONS} questions` });
  const seen = new Set<string>();
  questions.forEach((q, i) => {
    const at = `${field}[${i}]`;
    if (seen.has(q.id)) out.push({ field: `${at}.id`, message: 'is used by another question' });
    seen.add(q.id);
    if (q.type === 'CHOICE' && q.options.length < 2) out.push({ field: `${at}.options`, message: 'a CHOICE question needs at least 2 options' });
    if (q.type !== 'CHOICE' && q.options.length > 0) out.push({ field: `${at}.options`, message: 'only CHOICE questions have options' });
    if (new Set(q.options).size !== q.options.length) out.push({ field: `${at}.options`, message: 'must not repeat an option' });
  });
  return out;
}

/**
 * Answers checked against the questions: each answers a question of the event, at most once; every
 * required question is answered (not blank); a CHOICE answer is one of its options; a RATING is an
 * integer from 1 to 5; text is at most 2000 characters.
 */
export function answerViolations(questions: SurveyQuestion[], answers: SurveyAnswer[]): FieldViolation[] {
  const out: FieldViolation[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answered = new Set<string>();
  answers.forEach((a, i) => {
    const at = `answers[${i}]`;
    const q = byId.get(a.questionId);
    if (!q) {
      out.push({ field: `${at}.questionId`, message: 'is not a question of this event' });
      return;
    }
    if (answered.has(a.questionId)) out.push({ field: `${at}.questionId`, message: 'is answered twice' });
    answered.add(a.questionId);
    const answer = a.answer.trim();
    if (answer === '') {
      if (q.required) out.push({ field: `${at}.answer`, message: 'is required' });
      return;
    }
    if (a.answer.length > MAX_ANSWER_LENGTH) out.push({ field: `${at}.answer`, message: `must be at most ${MAX_ANSWER_LENGTH} characters` });
    if (q.type === 'CHOICE' && !q.options.includes(answer)) out.push({ field: `${at}.answer`, message: `must be one of ${q.options.join(', ')}` });
    if (q.type === 'RATING' && !RATINGS.includes(answer)) out.push({ field: `${at}.answer`, message: 'must be a rating from 1 to 5' });
  });
  for (const q of questions) {
    if (q.required && !answered.has(q.id)) out.push({ field: 'answers', message: `question ${q.id} is required` });
  }
  return out;
}
