import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import {
  MechmateCar,
  MechmateErrorBody,
  OfferingsResponse,
  PricesResponse,
  TimeslotsResponse,
} from '../../../contracts/upstream/mechmate.js';

let sandbox: RunningSandbox;
let base: string;
// A Wednesday; 'tomorrow' in Stockholm is Thursday 2026-03-05.
const now = new Date('2026-03-04T10:00:00Z');
beforeAll(async () => {
  sandbox = await startSandbox(0, '127.0.0.1', { now: () => now });
  base = sandbox.serviceUrl('mechmate');
});
afterAll(() => sandbox.close());

const getJson = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};
const errorCode = (body: unknown) => MechmateErrorBody.parse(body).errors['Error Result'][0];

describe('mechmate documented registration numbers', () => {
  it.each([
    ['ABC123', 200, { brand: 'Volvo', isSupported: true, hasServiceAgreement: false }],
    ['srv100', 200, { brand: 'Volvo', hasServiceAgreement: true }],
    ['TES123', 200, { brand: 'Tesla', isSupported: false }],
  ])('%s is a car', async (regNo, status, fields) => {
    const { status: actual, body } = await getJson(`/car/${regNo}`);
    expect(actual).toBe(status);
    expect(MechmateCar.parse(body)).toMatchObject(fields);
  });

  it.each([
    ['NFD404', 404, 'VehicleNotFound'],
    ['AB1', 400, 'InvalidReg'],
    ['ABCDEFG', 400, 'InvalidReg'],
    ['BNS999', 400, 'BrandNotSupported, Lada'],
  ])('%s answers %i %s', async (regNo, status, code) => {
    const { status: actual, body } = await getJson(`/car/${regNo}`);
    expect(actual).toBe(status);
    expect(errorCode(body)).toBe(code);
  });

  it('derives the same car for an undocumented plate on every call', async () => {
    const first = await getJson('/car/XYZ987');
    expect(first.status).toBe(200);
    expect((await getJson('/car/XYZ987')).body).toEqual(first.body);
  });
});

describe('mechmate offerings, prices and slots', () => {
  it('shows discounted prices for a service agreement and exclusive add-on categories', async () => {
    const services = OfferingsResponse.parse((await getJson('/services/SRV100?lat=57.7&lng=11.97')).body);
    const original = services.serviceOfferingCategories
      .flatMap((c) => c.offerings)
      .find((o) => o.code === 'originalservice')!;
    expect(original.priceDiscount).toBeLessThan(original.price!);
    const addons = OfferingsResponse.parse((await getJson('/addons/ABC123?lat=57.7&lng=11.97')).body);
    expect(addons.serviceOfferingCategories.some((c) => c.selectionType)).toBe(true);
    expect(addons.serviceOfferingCategories.some((c) => !c.selectionType)).toBe(true);
  });

  it('prices the asked codes at one workshop and refuses unknown codes', async () => {
    const prices = PricesResponse.parse(
      (await getJson('/prices/ABC123/5000/2001?serviceOfferings=originalservice,tirechange')).body,
    );
    expect(prices.offers.map((o) => o.code)).toEqual(['originalservice', 'tirechange']);
    const unknown = await getJson('/prices/ABC123/5000/2001?serviceOfferings=teleport');
    expect(unknown.status).toBe(400);
    expect(errorCode(unknown.body)).toBe('InvalidInput');
  });

  it('answers weekday slots from tomorrow for 12 weeks', async () => {
    const days = TimeslotsResponse.parse(
      (await getJson('/timeslots/from/ABC123/2001/2026-03-02T00:00:00/?serviceOfferings=originalservice')).body,
    );
    expect(days[0]!.date).toBe('2026-03-05T00:00:00');
    expect(days.at(-1)!.date <= '2026-05-27T00:00:00').toBe(true);
    expect(days.length).toBeGreaterThanOrEqual(55);
    expect(days.every((d) => ![0, 6].includes(new Date(d.date.slice(0, 10)).getUTCDay()))).toBe(true);
    expect(days.some((d) => d.allDaySlotAvailable)).toBe(true);
    expect(days.flatMap((d) => d.availableSlots).every((t) => /^\d{2}:\d{2}$/.test(t))).toBe(true);
  });

  it('books a free slot once; the second booking of it is TimeslotNotAvailable', async () => {
    const days = TimeslotsResponse.parse((await getJson('/timeslots/from/ABC123/2002/2026-03-05T00:00:00')).body);
    const day = days.find((d) => d.availableSlots.length > 0)!;
    const booking = {
      customer: { firstName: 'Anna', lastName: 'Svensson', phone: '+46 70 123 45 67', email: 'anna@example.se' },
      freeText: 'Gnisslar vid inbromsning',
      departmentId: 2002,
      timeSlot: `${day.date.slice(0, 10)}T${day.availableSlots[0]!}:00`,
      isFullDay: false,
      registrationNumber: 'ABC123',
      mileage: 4500,
      serviceOfferingRequests: [{ kobraId: 'originalservice', unitsSelected: null, userInput: null }],
    };
    const post = () =>
      fetch(`${base}/book`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(booking),
      });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: expect.stringMatching(/^MM-\d+$/) });
    const second = await post();
    expect(second.status).toBe(409);
    expect(errorCode(await second.json())).toBe('TimeslotNotAvailable');
  });

  it('knows authorised brands, with hyphens for spaces', async () => {
    expect((await getJson('/authorized-workshop/Tesla')).body).toEqual({ hasBrand: false });
    expect((await getJson('/authorized-workshop/Volvo')).body).toEqual({ hasBrand: true });
  });
});
