import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import type { Car, Site } from '../../../contracts/upstream/search.js';
import { MechmateCar } from '../../../contracts/upstream/mechmate.js';
import { TirehotelCredentials, TirehotelCustomer, TirehotelValidated } from '../../../contracts/upstream/tirehotel.js';
import { VehicleLookupResponse } from '../../../contracts/upstream/codeweaver.js';
import { MARKETS } from '../../../markets/registry.js';
import { TIRE_AGREEMENTS, TIRE_LOCATIONS } from '../../../sandbox/data/tirehotel.js';

/**
 * Issue 39: the sandbox's services tell one story. A registration number is one car in the booking, the tire
 * hotel, the UK finance look-up and the cars for sale; every seeded address has its town's postcode; the
 * Slovak documents are written in Slovak.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(0);
});
afterAll(() => sandbox.close());

const service = (name: Parameters<RunningSandbox['serviceUrl']>[0]) => sandbox.serviceUrl(name);
const json = async (url: string, init?: RequestInit) => (await (await fetch(url, init)).json()) as unknown;
async function all<T>(index: string, language?: string): Promise<T[]> {
  const docs: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await json(`${service('search')}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ index, limit: 100, offset, ...(language ? { language } : {}) }),
    })) as { content: T[] };
    docs.push(...page.content);
    if (page.content.length < 100) return docs;
  }
}
const bookingCar = async (regNo: string) => MechmateCar.parse(await json(`${service('mechmate')}/car/${regNo}`));

/** The tire hotel's car of an agreement, as its customer sees it once logged in with the documented code. */
async function tireHotelCar(regNo: string, code: string) {
  const base = service('tirehotel');
  const customer = TirehotelCustomer.parse(await json(`${base}/authorization/search?regNo=${regNo}`));
  const login = TirehotelCredentials.parse(
    await json(`${base}/authorization/login?encryptedPhoneNumber=${customer.encryptedPhoneNumber}`, { method: 'POST' }),
  );
  const validated = TirehotelValidated.parse(
    await json(`${base}/authorization/validate?authToken=${login.authorizationToken}&otpToken=${code}`, {
      method: 'POST',
    }),
  );
  return validated.vehicles.find((v) => v.regNo === regNo)!;
}

describe('one car per registration number', () => {
  it.each(TIRE_AGREEMENTS.map((a) => [a.regNo, a.oneTimeCode]))(
    '%s is the same car in the tire hotel and the booking',
    async (regNo, code) => {
      const [stored, booked] = await Promise.all([tireHotelCar(regNo, code), bookingCar(regNo)]);
      expect([booked.brand, booked.model]).toEqual([stored.brand, stored.model]);
    },
  );

  it('a used car for sale on the Swedish sites is the car the booking finds for its registration number', async () => {
    const cars = [...(await all<Car>('cars-se')), ...(await all<Car>('cars-se-used'))].filter(
      (c) => c.car_registration_number,
    );
    expect(cars.length).toBeGreaterThan(100);
    for (const car of cars.filter((_, i) => i % 97 === 0)) {
      const booked = await bookingCar(car.car_registration_number!.replace(/\s/g, ''));
      expect([car.car_registration_number, booked.brand, booked.model, booked.buildYear]).toEqual([
        car.car_registration_number,
        car.car_brand,
        car.car_model,
        car.car_year,
      ]);
    }
    // No car for sale carries a documented number (ABC123 is one car, whichever service is asked).
    const documented = new Set(TIRE_AGREEMENTS.map((a) => a.regNo));
    expect(cars.filter((c) => documented.has(c.car_registration_number!.replace(/\s/g, '')))).toEqual([]);
  });

  it('a car for sale on the UK site is the vehicle the finance look-up finds for its plate', async () => {
    const cars = (await all<Car>('cars-uk')).filter((c) => c.car_registration_number).slice(0, 5);
    expect(cars).toHaveLength(5);
    for (const car of cars) {
      const plate = car.car_registration_number!.replace(/\s/g, '');
      const vehicle = VehicleLookupResponse.parse(await json(`${service('codeweaver')}/vehicle/${plate}`));
      expect([vehicle.Make, vehicle.Model, vehicle.Derivative, vehicle.CashPrice]).toEqual([
        car.car_brand,
        car.car_model,
        car.car_variant,
        car.car_price,
      ]);
    }
  });
});

/**
 * Each town's postcodes, written down from the postal services' ranges (not from the sandbox's own tables).
 * Sweden and Slovakia '123 45', Finland '12345', Norway '1234', the UK by district ('CV3 0CL').
 */
const TOWN_POSTCODES: Record<string, RegExp> = {
  // Sweden: a town's postcodes share its first two digits (Malmö 2x, Dalarna's 79x is 300 km away)
  Stockholm: /^1[0-2]\d \d\d$/,
  Bromma: /^16\d \d\d$/,
  Täby: /^18\d \d\d$/,
  Södertälje: /^15\d \d\d$/,
  Haninge: /^13\d \d\d$/,
  Uppsala: /^75\d \d\d$/,
  Västerås: /^72\d \d\d$/,
  Eskilstuna: /^63\d \d\d$/,
  Örebro: /^70\d \d\d$/,
  Linköping: /^58\d \d\d$/,
  Norrköping: /^60\d \d\d$/,
  Jönköping: /^55\d \d\d$/,
  Växjö: /^35\d \d\d$/,
  Kalmar: /^39\d \d\d$/,
  Karlskrona: /^37\d \d\d$/,
  Malmö: /^2[0-2]\d \d\d$/,
  Lund: /^22\d \d\d$/,
  Helsingborg: /^25\d \d\d$/,
  Kristianstad: /^29\d \d\d$/,
  Halmstad: /^30\d \d\d$/,
  Göteborg: /^4[0-2]\d \d\d$/,
  Hisingen: /^4[12]\d \d\d$/,
  'Hisings Backa': /^42\d \d\d$/,
  Mölndal: /^43\d \d\d$/,
  Borås: /^50\d \d\d$/,
  Trollhättan: /^46\d \d\d$/,
  Skövde: /^54\d \d\d$/,
  Karlstad: /^65\d \d\d$/,
  Gävle: /^80\d \d\d$/,
  Sundsvall: /^85\d \d\d$/,
  Umeå: /^90\d \d\d$/,
  Luleå: /^97\d \d\d$/,
  // Finland (and the Swedish names of its towns)
  Helsinki: /^00\d{3}$/,
  Helsingfors: /^00\d{3}$/,
  Espoo: /^02\d{3}$/,
  Esbo: /^02\d{3}$/,
  Vantaa: /^01\d{3}$/,
  Vanda: /^01\d{3}$/,
  Tampere: /^33\d{3}$/,
  Tammerfors: /^33\d{3}$/,
  Turku: /^20\d{3}$/,
  Åbo: /^20\d{3}$/,
  Oulu: /^90\d{3}$/,
  Uleåborg: /^90\d{3}$/,
  Jyväskylä: /^40\d{3}$/,
  Lahti: /^15\d{3}$/,
  Lahtis: /^15\d{3}$/,
  Kuopio: /^70\d{3}$/,
  Hämeenlinna: /^13\d{3}$/,
  Tavastehus: /^13\d{3}$/,
  // Norway
  Oslo: /^(0\d{3}|1[0-2]\d\d)$/,
  Bergen: /^5[01]\d\d$/,
  Trondheim: /^70\d\d$/,
  Stavanger: /^40\d\d$/,
  Drammen: /^30[0-4]\d$/,
  Kristiansand: /^46\d\d$/,
  Tromsø: /^9[0-2]\d\d$/,
  Fredrikstad: /^16\d\d$/,
  Ålesund: /^60\d\d$/,
  Bodø: /^80\d\d$/,
  // Slovakia
  Bratislava: /^8[1-5]\d \d\d$/,
  Košice: /^04[0-4] \d\d$/,
  Žilina: /^010 \d\d$/,
  'Banská Bystrica': /^97[4-5] \d\d$/,
  Nitra: /^949 \d\d$/,
  Trnava: /^917 \d\d$/,
  Prešov: /^080 \d\d$/,
  // The UK, by postcode district
  Coventry: /^CV[1-6] \d[A-Z]{2}$/,
  Hull: /^HU[1-9] \d[A-Z]{2}$/,
  Manchester: /^M\d{1,2} \d[A-Z]{2}$/,
  Harrogate: /^HG[1-3] \d[A-Z]{2}$/,
  Sheffield: /^S([1-9]|1[0-4]) \d[A-Z]{2}$/,
  York: /^YO(1|10|19|23|24|26|30|31|32) \d[A-Z]{2}$/,
  Doncaster: /^DN([1-9]|1[0-2]) \d[A-Z]{2}$/,
  Leeds: /^LS([1-9]|1\d|20) \d[A-Z]{2}$/,
  Wakefield: /^WF[1-4] \d[A-Z]{2}$/,
  Bradford: /^BD([1-9]|1[0-5]) \d[A-Z]{2}$/,
  Birmingham: /^B\d{1,2} \d[A-Z]{2}$/,
};
const wrongPostcodes = (places: { what: string; town: string; postcode: string }[]) =>
  places
    .filter(({ town, postcode }) => !TOWN_POSTCODES[town]?.test(postcode))
    .map(({ what, town, postcode }) => `${what}: ${postcode} ${town}`);

describe('postcodes match their towns', () => {
  it.each(MARKETS.flatMap((m) => m.languages.map((language) => [m.id, language, m.searchIndexes.sites] as const)))(
    '%s in %s: every site',
    async (_id, language, index) => {
      const sites = await all<Site>(index, language);
      expect(sites.length).toBeGreaterThan(0);
      const places = sites.map((s) => ({ what: s.site_official_name, town: s.site_city, postcode: s.site_zip }));
      expect(wrongPostcodes(places)).toEqual([]);
    },
  );

  it('every booking workshop and every tire-hotel workshop', async () => {
    // The workshop stream lists those within 300 km of a point: enough points to cover the country.
    const points = [
      [55.6, 13.0],
      [57.7, 12.0],
      [57.8, 14.2],
      [59.33, 18.07],
      [59.4, 13.5],
      [62.4, 17.3],
      [63.8, 20.3],
      [65.6, 22.1],
    ];
    const workshops = new Map<number, { siteName: string; address: string }>();
    for (const [latitude, longitude] of points) {
      const stream = await (
        await fetch(
          `${service('mechmate')}/departments/closestAvailable?regNo=ABC123&serviceOfferings=oilservice&latitude=${latitude}&longitude=${longitude}&intervalMs=1`,
        )
      ).text();
      for (const line of stream.split('\n').filter((l) => l.startsWith('data: {"departmentId"'))) {
        const workshop = JSON.parse(line.slice(6)) as { departmentId: number; siteName: string; address: string };
        workshops.set(workshop.departmentId, workshop);
      }
    }
    expect(workshops.size).toBe(31);
    const addressed = [...workshops.values(), ...TIRE_LOCATIONS.map((l) => ({ siteName: l.locationName, ...l }))];
    const places = addressed.map(({ siteName, address }) => {
      const [, postcode, town] = /, (\d{3} \d\d) (.+)$/.exec(address) ?? [];
      return { what: siteName, town: town ?? address, postcode: postcode ?? '' };
    });
    expect(wrongPostcodes(places)).toEqual([]);
  });
});

describe('the Slovak documents are written in Slovak', () => {
  it('a long van is "dlhý", not "Long" ("Transporter TDI Long" was English)', async () => {
    const variants = new Set((await all<Car>('cars-sk')).map((c) => `${c.car_model} ${c.car_variant}`));
    expect([...variants].filter((v) => /\b(Long|Lång|Lang|LWB|pitkä)$/.test(v))).toEqual([]);
    expect([...variants].filter((v) => v.startsWith('Transporter TDI'))).toEqual(
      expect.arrayContaining(['Transporter TDI dlhý']),
    );
  });
});
