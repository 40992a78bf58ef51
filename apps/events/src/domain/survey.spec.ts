import { answerViolations, questionViolations, type SurveyQuestion } from './survey';

const questions: SurveyQuestion[] = [
  { id: 'q1', text: 'Meal?', type: 'CHOICE', options: ['Meat', 'Vegetarian'], required: true },
  { id: 'q2', text: 'How was it?', type: 'RATING', options: [], required: false },
  { id: 'q3', text: 'Comments', type: 'TEXT', options: [], required: false },
];

describe('survey answers checked against the questions', () => {
  it('accepts answers to the questions, optional ones left out', () => {
    expect(answerViolations(questions, [{ questionId: 'q1', answer: 'Vegetarian' }])).toEqual([]);
    expect(
      answerViolations(questions, [
        { questionId: 'q1', answer: 'Meat' },
        { questionId: 'q2', answer: '5' },
        { questionId: 'q3', answer: 'Nice' },
      ]),
    ).toEqual([]);
  });

  it('names a missing required answer, an unknown question, a wrong choice and a bad rating', () => {
    expect(answerViolations(questions, [])).toEqual([{ field: 'answers', message: 'question q1 is required' }]);
    const v = answerViolations(questions, [
      { questionId: 'q1', answer: 'Fish' },
      { questionId: 'q2', answer: '6' },
      { questionId: 'nope', answer: 'x' },
    ]);
    expect(v.map((x) => x.field)).toEqual(['answers[0].answer', 'answers[1].answer', 'answers[2].questionId']);
  });

  it('refuses the same question answered twice and a blank required answer', () => {
    const v = answerViolations(questions, [
      { questionId: 'q1', answer: ' ' },
      { questionId: 'q1', answer: 'Meat' },
    ]);
    expect(v.map((x) => x.message)).toEqual(['is required', 'is answered twice']);
  });

  it('checks the questions of an event: unique ids, options only and always for CHOICE', () => {
    expect(questionViolations(questions)).toEqual([]);
    const v = questionViolations([
      { id: 'a', text: 't', type: 'CHOICE', options: ['only'], required: false },
      { id: 'a', text: 't', type: 'TEXT', options: ['x'], required: false },
    ]);
    expect(v.map((x) => x.field)).toEqual(['surveyQuestions[0].options', 'surveyQuestions[1].id', 'surveyQuestions[1].options']);
  });
});
