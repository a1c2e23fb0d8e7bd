import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import {
  TimeslotDaysResponse,
  TimeslotsResponse,
  TirehotelConfirmation,
  TirehotelCredentials,
  TirehotelCustomer,
  TirehotelErrorBody,
  TirehotelValidated,
} from '../../../contracts/upstream/tirehotel.js';

let sandbox: RunningSandbox;
let base: string;
let clock = new Date('2026-03-04T10:00:00Z');
beforeAll(async () => {
  sandbox = await startSandbox(0, '127.0.0.1', { now: () => clock });
  base = sandbox.serviceUrl('tirehotel');
});
afterAll(() => sandbox.close());

const call = async (method: 'GET' | 'POST', path: string, options: { body?: unknown; token?: string } = {}) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

async function logIn(regNo: string, code: string) {
  const customer = TirehotelCustomer.parse((await call('GET', `/authorization/search?regNo=${regNo}`)).body);
  const credentials = TirehotelCredentials.parse(
    (await call('POST', `/authorization/login?encryptedPhoneNumber=${customer.encryptedPhoneNumber}`)).body,
  );
  return call('POST', `/authorization/validate?authToken=${credentials.authorizationToken}&otpToken=${code}`);
}

describe('tire hotel', () => {
  it('finds the agreement, sends the code and validates the documented code 1234 for ABC123', async () => {
    const search = await call('GET', '/authorization/search?regNo=ABC123');
    expect(TirehotelCustomer.parse(search.body).obfuscatedPhoneNumber).toBe('070-*** ** 67');
    const validated = await logIn('ABC123', '1234');
    expect(validated.status).toBe(200);
    const { status, vehicles } = TirehotelValidated.parse(validated.body);
    expect(status).toBe(0);
    expect(vehicles[0]!.tires).toHaveLength(4);
    expect(vehicles[0]!.tires.some((t) => t.wheel.threadStatusId === 1)).toBe(true);
  });

  it('answers 404 with the message for an unknown registration number, 400 for a malformed one', async () => {
    const unknown = await call('GET', '/authorization/search?regNo=ZZZ999');
    expect(unknown.status).toBe(404);
    expect(TirehotelErrorBody.parse(unknown.body).message).toMatch(/däckhotellsavtal/);
    expect((await call('GET', '/authorization/search?regNo=A')).status).toBe(400);
  });

  it('refuses a wrong code with a message', async () => {
    const wrong = await logIn('ABC123', '9999');
    expect(wrong.status).toBe(401);
    expect(TirehotelErrorBody.parse(wrong.body).message).toMatch(/kod/i);
  });

  it('requires the session token on booking calls, and lets it expire', async () => {
    const range = { startDate: '2026-03-01', endDate: '2026-03-31', regNo: 'VOL' };
    expect((await call('POST', '/booking/GetTimeslotDays?workshopIdentifier=TH1001', { body: range })).status).toBe(
      401,
    );
    expect(
      (
        await call('POST', '/booking/GetTimeslotDays?workshopIdentifier=TH1001', {
          body: range,
          token: 'not-a-real-token',
        })
      ).status,
    ).toBe(401);
    const { authorizationToken } = TirehotelValidated.parse((await logIn('ABC123', '1234')).body);
    expect(
      (
        await call('POST', '/booking/GetTimeslotDays?workshopIdentifier=TH1001', {
          body: range,
          token: authorizationToken,
        })
      ).status,
    ).toBe(200);
    const issuedAt = clock;
    clock = new Date(issuedAt.getTime() + 31 * 60_000);
    try {
      expect(
        (
          await call('POST', '/booking/GetTimeslotDays?workshopIdentifier=TH1001', {
            body: range,
            token: authorizationToken,
          })
        ).status,
      ).toBe(401);
    } finally {
      clock = issuedAt;
    }
  });

  it('offers dates from 3 days to 3 months ahead and books a wheel change', async () => {
    const validated = TirehotelValidated.parse((await logIn('ABC123', '1234')).body);
    const token = validated.authorizationToken;
    const erpId = validated.vehicles[0]!.location.erpId;
    const days = TimeslotDaysResponse.parse(
      (
        await call('POST', `/booking/GetTimeslotDays?workshopIdentifier=${erpId}`, {
          body: { startDate: '2026-01-01', endDate: '2026-12-31', regNo: 'VOL' },
          token,
        })
      ).body,
    ).availableDates.map((d) => d.date);
    expect(days[0]! >= '2026-03-07').toBe(true);
    expect(days.at(-1)! <= '2026-06-04').toBe(true);
    const day = days[0]!;
    const slots = TimeslotsResponse.parse(
      (
        await call('POST', `/booking/GetTimeslots?workshopIdentifier=${erpId}`, {
          body: { startDate: day, endDate: day, regNo: 'VOL' },
          token,
        })
      ).body,
    );
    const start = slots.availableTimeSlotDates[0]!.startTime[0]!;
    const created = await call('POST', `/booking/create?departmentIdentifier=${erpId}`, {
      token,
      body: {
        bookingDate: day,
        bookingStart: start,
        regNo: 'ABC123',
        freeText: null,
        customer: { firstName: 'Erik', lastName: 'Lind', email: 'erik@example.se', phoneMobile: '+46701234567' },
      },
    });
    expect(created.status).toBe(200);
    expect(TirehotelConfirmation.parse(created.body)).toMatchObject({
      appointmentTime: start,
      isFullDay: false,
      services: [{ name: 'Hjulskifte' }],
    });
    const review = await call('POST', '/review/addReview', {
      token,
      body: { rating: 5, comment: 'Snabbt!', date: new Date().toISOString() },
    });
    expect(review.status).toBe(200);
  });
});
