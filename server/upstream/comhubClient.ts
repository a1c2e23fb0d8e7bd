import { FormAccepted, type FormSubmission } from '../../contracts/upstream/comhub.js';
import type { CallContext, UpstreamHttp } from './upstreamHttp.js';

/** The forms hub. It does not deduplicate: callers make sure one submission is sent once. */
export class ComhubClient {
  constructor(private readonly http: UpstreamHttp) {}

  submit(form: FormSubmission, ctx?: CallContext): Promise<FormAccepted> {
    return this.http.json({ method: 'POST', path: '/forms', body: form, schema: FormAccepted }, ctx);
  }
}
