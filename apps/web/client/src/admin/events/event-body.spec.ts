import { eventToForm, formToEventBody, priceToApi, questionToApi } from './event-body';

describe('event form ↔ API body', () => {
  it('keeps typed prices exact as decimal strings, comma or point', () => {
    expect(priceToApi('12,50')).toBe('12.50');
    expect(priceToApi(' 20 ')).toBe('20');
    expect(priceToApi(12.5)).toBe('12.5');
    expect(priceToApi('')).toBeNull();
    expect(priceToApi(null)).toBeNull();
    expect(priceToApi('abc')).toBe('abc'); // the API names the field
  });

  it('maps address, prices, capacity and survey questions into the create body', () => {
    const body = formToEventBody({
      title: '  Spring meeting ',
      eventType: 'IN_PERSON',
      startDate: '2030-04-01T18:00:00.000Z',
      endDate: '2030-04-01T20:00:00.000Z',
      address: { street: '1 Main St', city: 'Ghent', province: '', postalCode: '9000', country: 'be' },
      maxAttendees: '2',
      waitingListEnabled: true,
      registrationRequired: true,
      isFree: false,
      basePrice: '20',
      memberPrice: '12,50',
      earlyBirdPrice: '',
      currency: 'eur',
      surveyQuestions: [
        { text: 'Lunch?', type: 'CHOICE', optionsText: 'Yes\n\n No \n', required: true },
        { text: '  ', type: 'TEXT' },
        { id: 'q-1', text: 'How was it?', type: 'RATING', optionsText: 'ignored' },
      ],
    });
    expect(body).toMatchObject({
      title: 'Spring meeting',
      address: { street: '1 Main St', city: 'Ghent', postalCode: '9000', country: 'be' },
      maxAttendees: 2,
      waitingListEnabled: true,
      basePrice: '20',
      memberPrice: '12.50',
      earlyBirdPrice: null,
      currency: 'EUR',
      surveyQuestions: [
        { text: 'Lunch?', type: 'CHOICE', options: ['Yes', 'No'], required: true },
        { id: 'q-1', text: 'How was it?', type: 'RATING', required: false },
      ],
    });
    expect(body.address).not.toHaveProperty('province');
    expect(body.surveyQuestions![1]).not.toHaveProperty('options');
  });

  it('sends no prices nor currency for a free event, no address when none is given, no limit for an empty capacity', () => {
    const body = formToEventBody({ title: 'Walk', isFree: true, basePrice: '10', currency: 'EUR', address: { city: ' ' }, maxAttendees: '' });
    expect(body).toMatchObject({ isFree: true, basePrice: null, memberPrice: null, earlyBirdPrice: null, address: null, maxAttendees: null });
    expect(body).not.toHaveProperty('currency');
  });

  it('reads a record back into the form (options one per line) and round-trips it', () => {
    const form = eventToForm({
      id: 'e1',
      title: 'Regatta',
      eventType: 'IN_PERSON',
      address: { city: 'Cork', country: 'IE' },
      basePrice: 49.9,
      currency: 'EUR',
      maxAttendees: null,
      surveyQuestions: [{ id: 'q', text: 'Boat?', type: 'CHOICE', options: ['Small', 'Big'], required: true }],
    });
    expect(form.surveyQuestions).toEqual([{ id: 'q', text: 'Boat?', type: 'CHOICE', optionsText: 'Small\nBig', required: true }]);
    expect(form.address).toEqual({ street: '', city: 'Cork', province: '', postalCode: '', country: 'IE' });
    expect(form.maxAttendees).toBe('');
    const back = formToEventBody(form);
    expect(back).toMatchObject({ basePrice: '49.9', address: { city: 'Cork', country: 'IE' }, maxAttendees: null });
    expect(back.surveyQuestions).toEqual([{ id: 'q', text: 'Boat?', type: 'CHOICE', options: ['Small', 'Big'], required: true }]);
  });

  it('keeps a question of an unknown type as TEXT by default', () => {
    expect(questionToApi({ text: 'Why?' })).toEqual({ text: 'Why?', type: 'TEXT', required: false });
  });
});
