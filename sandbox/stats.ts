import type { FormSubmission } from '../contracts/upstream/comhub.js';

/** Counters tests read over HTTP (`GET /__sandbox/stats`) to see what really reached an upstream. */
export class SandboxStats {
  requests: Record<string, number> = {};
  openStreams = 0;
  abortedStreams = 0;
  /** formSubmissionIds the forms hub accepted, in order. */
  comhubSubmissions: string[] = [];
  /** The forms the hub accepted, whole, in order: what a lead form really sent. */
  comhubForms: FormSubmission[] = [];
  /** Wheel changes the tire-hotel service booked, and the ratings it took, in order. */
  tirehotelBookings: {
    bookingConfirmationId: string;
    regNo: string;
    bookingDate: string;
    bookingStart: string | null;
  }[] = [];
  tirehotelReviews: { rating: number; comment: string | null }[] = [];
  /** One-time codes the tire-hotel service checked (validate calls), right or wrong: what a code guess really costs. */
  tirehotelCodeChecks = 0;
  /** Service bookings the booking service made, in order. */
  mechmateBookings: { id: string; departmentId: number; timeSlot: string }[] = [];

  /** Photographs the media service made (not served from its cache): one per picture however many ask at once. */
  photosMade = 0;

  /** The W3C `traceparent` of each service's latest requests (the last 200): which traces reached it. */
  traceparents: Record<string, string[]> = {};

  countRequest(service: string): void {
    this.requests[service] = (this.requests[service] ?? 0) + 1;
  }

  recordTraceparent(service: string, traceparent: string | undefined): void {
    if (!traceparent) return;
    const seen = (this.traceparents[service] ??= []);
    seen.push(traceparent);
    if (seen.length > 200) seen.shift();
  }

  reset(): void {
    this.requests = {};
    this.traceparents = {};
    this.abortedStreams = 0;
    this.comhubSubmissions = [];
    this.comhubForms = [];
    this.tirehotelBookings = [];
    this.tirehotelReviews = [];
    this.tirehotelCodeChecks = 0;
    this.mechmateBookings = [];
    this.photosMade = 0;
  }

  snapshot() {
    return {
      requests: { ...this.requests },
      traceparents: Object.fromEntries(
        Object.entries(this.traceparents).map(([service, seen]) => [service, [...seen]]),
      ),
      openStreams: this.openStreams,
      abortedStreams: this.abortedStreams,
      comhubSubmissions: [...this.comhubSubmissions],
      comhubForms: [...this.comhubForms],
      tirehotelBookings: [...this.tirehotelBookings],
      tirehotelReviews: [...this.tirehotelReviews],
      tirehotelCodeChecks: this.tirehotelCodeChecks,
      mechmateBookings: [...this.mechmateBookings],
      photosMade: this.photosMade,
    };
  }
}
