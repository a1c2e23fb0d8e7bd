import { jest } from '@jest/globals';
import {
  RETRY_DELAY_MS,
  contactPayload,
  sendContactForm,
  validateContact,
  type ContactValues,
} from '../../client/islands/carContact/contactForm.js';

const filled: ContactValues = {
  name: 'Kim',
  phone: '+46 70 123 45 67',
  email: 'kim@example.se',
  message: '',
  seller: '',
  quote: true,
  testDrive: false,
};
const car = { carId: '100354', carIsSample: false, siteName: 'Hedin Bil Göteborg' };

describe('contact form rules', () => {
  it('requires name, phone and e-mail; the message is optional', () => {
    expect(validateContact(filled, false)).toEqual({});
    expect(validateContact({ ...filled, name: '  ', phone: '', email: '' }, false)).toEqual({
      name: true,
      phone: true,
      email: true,
    });
  });

  it.each([
    ['0701234567', true],
    ['+46 70 123 45 67', true],
    ['123456', true],
    ['12345', false],
    ['+' + '1'.repeat(21), false],
    ['070-123 45 67', false],
    ['++46701234567', false],
    ['phone', false],
  ])('phone %s valid: %s (an optional + then 6 to 20 digits or spaces)', (phone, valid) => {
    expect(validateContact({ ...filled, phone }, false).phone).toBe(valid ? undefined : true);
  });

  it('requires a chosen seller for a new-car sample only', () => {
    expect(validateContact(filled, true)).toEqual({ seller: true });
    expect(validateContact({ ...filled, seller: '1' }, true)).toEqual({});
    expect(validateContact(filled, false)).toEqual({});
  });

  it('sends the car, the site and (for a sample) the chosen seller with the shopper’s values', () => {
    const payload = contactPayload(
      { ...filled, message: ' Finns den kvar? ', seller: '1' },
      { ...car, carIsSample: true },
      'id-12345678',
    );
    expect(payload).toEqual({
      formName: 'CarDetailContactForm',
      formSubmissionId: 'id-12345678',
      values: {
        name: 'Kim',
        phone: '+46 70 123 45 67',
        email: 'kim@example.se',
        message: 'Finns den kvar?',
        siteName: 'Hedin Bil Göteborg',
        quote: true,
        testDrive: false,
        carId: '100354',
        carIsSample: true,
        seller: 1,
      },
    });
    expect(contactPayload(filled, car, 'id-12345678').values).not.toHaveProperty('message');
  });
});

describe('sending the contact form', () => {
  const payload = contactPayload(filled, car, 'same-id-123');
  const answer = (status: number) => Promise.resolve(new Response(null, { status }));
  const poster = (status: number) => jest.fn((_url: string, _init: RequestInit) => answer(status));
  const bodiesOf = (post: ReturnType<typeof poster>) =>
    post.mock.calls.map(([, init]) => JSON.parse(init.body as string) as { formSubmissionId: string });

  it('makes 3 attempts 1 s apart with the same formSubmissionId, then reports the failure', async () => {
    const post = poster(502);
    const wait = jest.fn(() => Promise.resolve());
    await expect(sendContactForm(payload, { fetch: post as unknown as typeof fetch, wait })).resolves.toEqual({
      status: 'error',
      waitMessage: null,
    });
    expect(post).toHaveBeenCalledTimes(3);
    expect(post.mock.calls.every(([url]) => url === '/api/forms/comhub')).toBe(true);
    expect(new Set(bodiesOf(post).map((b) => b.formSubmissionId))).toEqual(new Set(['same-id-123']));
    expect(wait.mock.calls).toEqual([[RETRY_DELAY_MS], [RETRY_DELAY_MS]]);
    expect(RETRY_DELAY_MS).toBe(1000);
  });

  it('succeeds on the attempt that gets a 202, after network errors and busy answers', async () => {
    const post = jest
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockImplementationOnce(() => answer(409))
      .mockImplementation(() => answer(202));
    await expect(
      sendContactForm(payload, { fetch: post as unknown as typeof fetch, wait: () => Promise.resolve() }),
    ).resolves.toEqual({ status: 'success', waitMessage: null });
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('does not repeat a request the server refused as invalid', async () => {
    const post = poster(400);
    await expect(
      sendContactForm(payload, { fetch: post as unknown as typeof fetch, wait: () => Promise.resolve() }),
    ).resolves.toEqual({ status: 'error', waitMessage: null });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('on a refused flood (429) tries once and brings the server’s text, which says to wait', async () => {
    const message = 'Du har skickat för många förfrågningar. Vänta en stund och försök igen.';
    const post = jest.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'too_many_requests', message, requestId: 'r' } }), {
          status: 429,
        }),
      ),
    );
    await expect(
      sendContactForm(payload, { fetch: post as unknown as typeof fetch, wait: () => Promise.resolve() }),
    ).resolves.toEqual({ status: 'error', waitMessage: message });
    expect(post).toHaveBeenCalledTimes(1);
  });
});
