import { renderToStaticMarkup } from 'react-dom/server';
import { CarCard } from '../../client/cars/CarCard.js';
import { carCardTextsOf } from '../../client/cars/carCardTexts.js';
import {
  carDetailPath,
  toCarSummary,
  type CarSummary,
  type CarSummarySource,
} from '../../client/shared/cars/carSummary.js';
import { MARKETS } from '../../markets/registry.js';
import { translator } from '../../markets/translations/dictionaries.js';
import { CAR_GRID } from '../../client/shared/media/pictureLayouts.js';

const market = (id: string) => MARKETS.find((m) => m.id === id)!;
const doc: CarSummarySource = {
  car_id: '100354',
  slug: 'volvo-xc60-b4-2021',
  car_brand: 'Volvo',
  car_model: 'XC60',
  car_variant: 'B4',
  car_body: 'SUV',
  car_year: 2021,
  car_mileage: 45_310,
  car_fuel: 'Diesel',
  car_gearbox: 'Automat',
  car_power: 197,
  car_price: 349_900,
  car_retail_price: 369_900,
  car_campaign_price: 349_900,
  car_currency: 'SEK',
  car_vat_eligible: false,
  car_vehicle_type_code: 'PC',
  car_is_new: false,
  car_primary_image: 'http://127.0.0.1:3100/media/cars/100354/1.svg',
  car_monthly_payment: 4690,
  car_geocoord: { lat: 59.33, lng: 18.06 },
};
const nbsp = (html: string) => html.replace(/[\u00a0\u202f]/g, ' ');
const render = (car: CarSummary, id = 'se') => {
  const m = market(id);
  return nbsp(
    renderToStaticMarkup(
      <CarCard
        car={car}
        href="/x"
        imageLayout={CAR_GRID}
        texts={carCardTextsOf(translator(m.languages[0]!), m, m.languages[0]!)}
      />,
    ),
  );
};

describe('car card', () => {
  it('shows the image through the /media relay, with a fixed size so nothing shifts', () => {
    const car = toCarSummary(doc);
    expect(car.image).toBe('/media/cars/100354/1.svg');
    expect(render(car)).toMatch(
      /<img class="car-card__image" src="\/media\/cars\/100354\/1.svg" alt="" width="400" height="300" loading="lazy"/,
    );
  });

  it('shows a campaign price against the struck retail price, in the market’s currency and format', () => {
    const html = render(toCarSummary(doc));
    expect(html).toContain('Kampanjpris');
    expect(html).toContain('349 900 kr');
    expect(html).toContain('<s class="car-card__retail">369 900 kr</s>');
  });

  it('counts mil on the Swedish sites, miles on the UK site and km elsewhere (the market’s distance unit)', () => {
    expect(render(toCarSummary(doc))).toContain('4 531 mil');
    expect(render(toCarSummary({ ...doc, car_currency: 'GBP' }), 'uk')).toContain('28,154 miles');
    expect(render(toCarSummary({ ...doc, car_currency: 'EUR' }), 'fi')).toContain('45 310 km');
  });

  it('labels the figure by its unit: Miltal beside mil, not beside km on the Finnish site in Swedish', () => {
    const fi = market('fi');
    const html = nbsp(
      renderToStaticMarkup(
        <CarCard
          car={toCarSummary({ ...doc, car_currency: 'EUR' })}
          href="/x"
          imageLayout={CAR_GRID}
          texts={carCardTextsOf(translator('sv'), fi, 'sv')}
        />,
      ),
    );
    expect(html).toContain('<dt>Mätarställning</dt><dd>45 310 km</dd>');
    expect(render(toCarSummary(doc))).toContain('<dt>Miltal</dt><dd>4 531 mil</dd>');
  });

  it('notes that a light commercial vehicle’s price is without VAT', () => {
    const html = render(
      toCarSummary({ ...doc, car_vehicle_type_code: 'LCV', car_campaign_price: null, car_price: 369_900 }),
    );
    expect(html).toContain('Exkl. moms');
    expect(html).not.toContain('<s ');
  });

  it('shows the monthly price in each market’s words where the market finances, none on sk or without finance', () => {
    expect(render(toCarSummary(doc))).toContain(
      '<p class="car-card__monthly"><span class="visually-hidden">Månadskostnad </span>4 690 kr/mån</p>',
    );
    expect(render(toCarSummary({ ...doc, car_currency: 'EUR', car_monthly_payment: 280 }), 'fi')).toContain(
      'Kuukausierä </span>280 €/kk',
    );
    expect(render(toCarSummary({ ...doc, car_currency: 'NOK', car_monthly_payment: 5290 }), 'no')).toContain(
      'Månedskostnad </span>5 290 kr/mnd',
    );
    expect(render(toCarSummary({ ...doc, car_currency: 'EUR' }), 'sk')).not.toContain('car-card__monthly');
    expect(render(toCarSummary({ ...doc, car_monthly_payment: null }))).not.toContain('car-card__monthly');
  });

  it('shows a UK payment only with its representative quote for the card’s price, and the representative example beside it', () => {
    const car = toCarSummary({ ...doc, car_currency: 'GBP', car_price: 18_995, car_campaign_price: null });
    expect(render(car, 'uk')).not.toContain('car-card__monthly');
    const quote = {
      cashPrice: 18_995,
      product: 'PCP' as const,
      term: 48,
      deposit: 2000,
      payment: 394.33,
      numberOfPayments: 47,
      finalPayment: 2289.4,
      amountOfCredit: 16_995,
      totalPayable: 22_822.91,
      apr: 9.9,
    };
    const html = render({ ...car, quote }, 'uk');
    expect(html).toContain('Monthly payment </span>£394.33/month');
    expect(html).toContain(
      'Representative example:</span> Representative APR 9.9%, Term 48 months, Deposit £2,000, Total amount of credit £16,995, Monthly payments 47 × £394.33, Optional final payment £2,289.40, Total amount payable £22,822.91',
    );
    expect(render({ ...car, quote: { ...quote, cashPrice: 19_995 } }, 'uk')).not.toContain('car-card__monthly');
  });

  it('links to {carDetailBase}/{car_id}/{slug}', () => {
    expect(carDetailPath('/kop-bil', toCarSummary(doc))).toBe('/kop-bil/100354/volvo-xc60-b4-2021');
    expect(carDetailPath('/sv/autot/auto', { car_id: '7', slug: 'a-b' })).toBe('/sv/autot/auto/7/a-b');
  });
});
