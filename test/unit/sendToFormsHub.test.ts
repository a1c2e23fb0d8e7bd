import { jest } from '@jest/globals';
import { FORMS_HUB_URL, sendToFormsHub } from '../../client/forms/sendToFormsHub.js';

const submission = {
  formName: 'Hedin AutomotiveSellCarForm',
  formSubmissionId: 'lead-12345678',
  values: { customerName: 'Per' },
};
const answer = (status: number, body: unknown = null) =>
  Promise.resolve(new Response(body === null ? null : JSON.stringify(body), { status }));
type Post = jest.Mock<(url: string, init: RequestInit) => Promise<Response>>;
const send = (post: Post, wait = jest.fn((_ms: number) => Promise.resolve())) =>
  sendToFormsHub(submission, { fetch: post as unknown as typeof fetch, wait });
const ids = (post: Post) =>
  post.mock.calls.map(([, init]) => (JSON.parse(init.body as string) as { formSubmissionId: string }).formSubmissionId);

describe('sending a lead to the forms hub', () => {
  it('is a success only on 202', async () => {
    const post: Post = jest.fn(() => answer(202, { formSubmissionId: submission.formSubmissionId }));
    await expect(send(post)).resolves.toEqual({ status: 'success', badFields: [], waitMessage: null });
    expect(post.mock.calls[0]![0]).toBe(FORMS_HUB_URL);
  });

  it('fails on a 200 that is not the hub’s 202', async () => {
    await expect(send(jest.fn(() => answer(200, {})))).resolves.toEqual({
      status: 'failed',
      badFields: [],
      waitMessage: null,
    });
  });

  it('retries a 409 (the same lead still being sent) within the 3 attempts, 1 s apart, with one id', async () => {
    const post: Post = jest
      .fn<(url: string, init: RequestInit) => Promise<Response>>()
      .mockImplementationOnce(() => answer(409))
      .mockImplementationOnce(() => answer(503))
      .mockImplementation(() => answer(202));
    const wait = jest.fn((_ms: number) => Promise.resolve());
    await expect(send(post, wait)).resolves.toMatchObject({ status: 'success' });
    expect(post).toHaveBeenCalledTimes(3);
    expect(new Set(ids(post))).toEqual(new Set([submission.formSubmissionId]));
    expect(wait.mock.calls).toEqual([[1000], [1000]]);
  });

  it('gives up after 3 attempts of 409s and 5xx', async () => {
    const post: Post = jest.fn(() => answer(409));
    await expect(send(post)).resolves.toEqual({ status: 'failed', badFields: [], waitMessage: null });
    expect(post).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 400 and names the value fields it refused', async () => {
    const body = {
      error: {
        code: 'bad_request',
        message: 'x',
        requestId: 'r',
        issues: [
          { path: 'body.values.customerEmail', message: 'e' },
          { path: 'body.formName', message: 'f' },
        ],
      },
    };
    const post: Post = jest.fn(() => answer(400, body));
    await expect(send(post)).resolves.toEqual({
      status: 'failed',
      badFields: ['customerEmail', 'formName'],
      waitMessage: null,
    });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 429 and carries the server’s translated limit text to the form', async () => {
    const message = 'Du har skickat för många förfrågningar. Vänta en stund och försök igen.';
    const post: Post = jest.fn(() =>
      answer(429, { error: { code: 'too_many_requests', message, requestId: 'r', retryAfterSeconds: 600 } }),
    );
    await expect(send(post)).resolves.toEqual({ status: 'failed', badFields: [], waitMessage: message });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('does not retry a lead held as maybe arrived (409 submission_unconfirmed) and shows the server’s text to wait', async () => {
    const message = 'Vi kunde inte bekräfta att det skickades, men det kan ha kommit fram.';
    const post: Post = jest.fn(() =>
      answer(409, { error: { code: 'submission_unconfirmed', message, requestId: 'r' } }),
    );
    await expect(send(post)).resolves.toEqual({ status: 'failed', badFields: [], waitMessage: message });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('carries no text from any other failure: its message is not for shoppers', async () => {
    const body = (code: string) => ({ error: { code, message: 'comhub answered 503', requestId: 'r' } });
    await expect(send(jest.fn(() => answer(503, body('upstream_status'))))).resolves.toMatchObject({
      status: 'failed',
      waitMessage: null,
    });
    await expect(send(jest.fn(() => answer(429, body('too_many_in_flight'))))).resolves.toMatchObject({
      status: 'failed',
      waitMessage: null,
    });
  });
});
