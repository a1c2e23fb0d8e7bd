import { startSandbox, type RunningSandbox } from '../../../sandbox/app.js';
import {
  CalculateQuoteResponse,
  DefaultQuoteResponse,
  LegalResponse,
  VehicleLookupResponse,
  type FinanceQuote,
} from '../../../contracts/upstream/codeweaver.js';
import { AutocompleteResponse, Place, ReverseGeocodeResponse } from '../../../contracts/upstream/maps.js';
import { SWEDISH_PLACES } from '../../../sandbox/data/places.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(0, '127.0.0.1', { now: () => new Date('2026-03-04T10:00:00Z') });
});
afterAll(() => sandbox.close());

const postJson = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('comhub', () => {
  it('answers 202 and records every accepted formSubmissionId', async () => {
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    const submission = {
      formName: 'ServiceBookingForm',
      formSubmissionId: 'c0ffee00-1234-4cde-9abc-000000000001',
      values: { regno: 'AB12345', gdpr: true, services: ['Service'] },
    };
    const response = await postJson(`${sandbox.serviceUrl('comhub')}/forms`, submission);
    expect(response.status).toBe(202);
    const invalid = await postJson(`${sandbox.serviceUrl('comhub')}/forms`, { formName: 'x' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ message: expect.any(String) });
    const stats = (await (await fetch(`${sandbox.url}/__sandbox/stats`)).json()) as { comhubSubmissions: string[] };
    expect(stats.comhubSubmissions).toEqual([submission.formSubmissionId]);
  });
});

describe('codeweaver', () => {
  const vehicle = {
    RegNo: 'AB19CDE',
    CashPrice: 18999,
    IsNew: false,
    CurrentMileage: 30000,
    RegistrationDate: '2019-03-01',
  };
  const expectConsistent = (quote: FinanceQuote) => {
    expect(quote.AmountOfCredit).toBeCloseTo(quote.CashPrice - quote.Deposit, 2);
    const extraFee = quote.FamilyKey === 'HP' ? quote.OptionToPurchaseFee : 0;
    expect(quote.TotalPayable).toBeCloseTo(
      quote.Deposit + quote.NumberOfPayments * quote.Payment + quote.FinalPayment + extraFee,
      1,
    );
    expect(quote.TotalInterest).toBeCloseTo(quote.TotalPayable - quote.CashPrice, 1);
    expect(quote.TotalInterest).toBeGreaterThan(0);
    expect(quote.Apr).toBeGreaterThan(0);
  };

  it('answers default PCP and HP quotes with consistent figures and legal text by quoteRef', async () => {
    const { Quotes } = DefaultQuoteResponse.parse(
      await (await postJson(`${sandbox.serviceUrl('codeweaver')}/default`, { Vehicle: vehicle })).json(),
    );
    expect(Quotes.map((q) => q.FamilyKey)).toEqual(['PCP', 'HP']);
    Quotes.forEach(expectConsistent);
    expect(Quotes[0]!.NumberOfPayments).toBe(Quotes[0]!.Term - 1);
    const legal = LegalResponse.parse(
      await (await fetch(`${sandbox.serviceUrl('codeweaver')}/legal?quoteRef=${Quotes[0]!.QuoteRef}`)).json(),
    );
    expect(legal.LegalText).toContain(`${Quotes[0]!.Apr}% APR`);
    expect((await fetch(`${sandbox.serviceUrl('codeweaver')}/legal?quoteRef=nonsense-ref`)).status).toBe(404);
  });

  it('solves the deposit for a wanted payment, and the payment for a deposit', async () => {
    const url = `${sandbox.serviceUrl('codeweaver')}/cfd`;
    const byPayment = CalculateQuoteResponse.parse(
      await (
        await postJson(url, { Vehicle: vehicle, FamilyKey: 'HP', Term: 36, SolveFor: 'Deposit', Payment: 450 })
      ).json(),
    );
    expect(byPayment.Adjusted).toBe(false);
    expect(byPayment.Quote.Payment).toBeCloseTo(450, 0);
    expectConsistent(byPayment.Quote);
    const byDeposit = CalculateQuoteResponse.parse(
      await (
        await postJson(url, {
          Vehicle: vehicle,
          FamilyKey: 'PCP',
          Term: 36,
          AnnualMileage: 8000,
          SolveFor: 'Payment',
          Deposit: 3000,
        })
      ).json(),
    );
    expect(byDeposit.Quote).toMatchObject({ Deposit: 3000, Term: 36, AnnualMileage: 8000 });
    expectConsistent(byDeposit.Quote);
    expect((await postJson(url, { Vehicle: vehicle, FamilyKey: 'PCP', Term: 36, SolveFor: 'Payment' })).status).toBe(
      400,
    );
  });

  it('looks a vehicle up by plate, 404 for the documented unknown plate', async () => {
    const found = VehicleLookupResponse.parse(
      await (await fetch(`${sandbox.serviceUrl('codeweaver')}/vehicle/AB19CDE`)).json(),
    );
    expect(found.RegistrationDate).toBe('2019-03-01');
    expect((await fetch(`${sandbox.serviceUrl('codeweaver')}/vehicle/ZZ99ZZZ`)).status).toBe(404);
  });
});

describe('maps', () => {
  const autocomplete = (input: string, extra = '') =>
    fetch(
      `${sandbox.serviceUrl('maps')}/places/autocomplete?input=${encodeURIComponent(input)}&country=se&language=sv&types=geocode${extra}`,
    );

  it('holds at least 200 Swedish places with unique ids', () => {
    expect(SWEDISH_PLACES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(SWEDISH_PLACES.map((p) => p.placeId)).size).toBe(SWEDISH_PLACES.length);
  });

  it('autocompletes with diacritics folded, name prefix first, and gives details by placeId', async () => {
    const { predictions } = AutocompleteResponse.parse(await (await autocomplete('gote')).json());
    expect(predictions[0]).toMatchObject({ name: 'Göteborg', region: 'Västra Götalands län' });
    const details = Place.parse(
      await (await fetch(`${sandbox.serviceUrl('maps')}/places/details/${predictions[0]!.placeId}`)).json(),
    );
    expect(details.latitude).toBeCloseTo(57.71, 1);
    expect((await fetch(`${sandbox.serviceUrl('maps')}/places/details/se-nowhere`)).status).toBe(404);
  });

  it('refuses other countries and empty input', async () => {
    expect(
      (await fetch(`${sandbox.serviceUrl('maps')}/places/autocomplete?input=oslo&country=no&language=sv&types=geocode`))
        .status,
    ).toBe(400);
    expect((await autocomplete(' ')).status).toBe(400);
  });

  it('reverse-geocodes to the nearest place', async () => {
    const nearest = ReverseGeocodeResponse.parse(
      await (await fetch(`${sandbox.serviceUrl('maps')}/geocode/reverse?lat=55.61&lng=13.0`)).json(),
    );
    expect(nearest.name).toBe('Malmö');
  });
});
