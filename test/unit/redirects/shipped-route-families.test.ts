import { loadRedirects } from '../../../server/redirects/load-redirects.js';
import { resolveRedirect } from '../../../server/redirects/resolve-redirect.js';
import type { MarketId } from '../../../markets/schema.js';

const compiled = loadRedirects('redirects');
const locationOf = (market: MarketId, path: string) => resolveRedirect(compiled, market, path)?.location ?? null;

describe('the shipped tables redirect every route family of the specification', () => {
  test.each<[MarketId, string, string]>([
    // UK
    // Model paths under a brand collapse to the brand's listing (no model pages exist: they answered 404).
    ['uk', '/used/bmw/x5', '/buy-car/used-cars/bmw'],
    ['uk', '/used-cars/bmw/x5', '/buy-car/used-cars/bmw'],
    ['uk', '/buy-car/used-cars/bmw/x5', '/buy-car/used-cars/bmw'],
    ['uk', '/buy-car/new-cars/bmw/x5', '/buy-car/new-cars/bmw'],
    ['uk', '/used/bmw', '/buy-car/used-cars/bmw'],
    ['uk', '/used/bmw/x5/m-sport/12345', '/buy-car/used-cars/bmw'],
    ['uk', '/new/kia/ev6/gt-line', '/buy-car/new-cars/kia'],
    ['uk', '/toyota', '/buy-car/brands/toyota'],
    ['uk', '/ford/offers/summer-2021', '/buy-car/latest-offers/ford'],
    ['uk', '/audi/fleet/q4-e-tron', '/buy-car/fleet-and-business-offers/audi/q4-e-tron'],
    ['uk', '/nissan/motability', '/buy-car/motability/nissan'],
    ['uk', '/kia/finance', '/buy-car/finance-and-insurance-options/personal-finance/kia'],
    ['uk', '/volkswagen-commercial-vehicles/insurance/van-warranty', '/buy-car/finance-and-protection-products/protection-products/volkswagen-commercial-vehicles/van-warranty'],
    ['uk', '/mercedes-benz/servicecare', '/service-and-parts/mercedes-benz/servicing/servicecare'],
    ['uk', '/skoda/trade-counter', '/service-and-parts/skoda/parts/trade-parts'],
    ['uk', '/bmw/accident-repair-centre', '/service-and-parts/bmw/bodyshop/accident-repairs'],
    ['uk', '/dealer/bmw-hull', '/find-us/hedin-bmw-hull'],
    ['uk', '/sell-your-car', '/sell-car'],
    ['uk', '/gender-pay-gap', '/further-policies-and-statements/gender-pay-gap'],
    ['uk', '/media/2071/bmw-x5-price-list.pdf', '/buy-car/new-cars/bmw'],
    ['uk', '/enquiry/used/1234', '/buy-car/used-cars'],
    // Swedish dealer group
    ['se', '/dackdepa/success', '/dack-och-biltillbehor/dackkop-tack'],
    ['se', '/dackdepa/error', '/dack-och-biltillbehor/dackkop-fel'],
    ['se', '/dackhotell', '/service-och-verkstad/dack/dackhotell'],
    ['se', '/dackdepa', '/service-och-verkstad/dack/dackhotell'],
    ['se', '/dackdepa/mina-dack', '/service-och-verkstad/dack/dackhotell'],
    ['se', '/dack-och-biltillbehor/dackhotell', '/service-och-verkstad/dack/dackhotell'],
    ['se', '/anlaggningar/123/hedin-bil-goteborg', '/anlaggningar/hedin-automotive-goteborg'],
    ['se', '/anlaggningar/456/porsche-malmo', '/anlaggningar/porsche-malmo'],
    ['se', '/kop-bil/begagnade-bilar-i-lager', '/kop-bil/sok-bil?car_condition=Begagnad'],
    ['se', '/kop-bil/biltyp/laddhybrid', '/kop-bil/sok-bil?car_fuel=Laddhybrid'],
    ['se', '/kop-bil/bilmarken/mercedes-benz', '/kop-bil/sok-bil?car_brand=Mercedes-Benz'],
    ['se', '/kop-bil/alla-bilar-i-lager/stockholm', '/kop-bil/sok-bil?car_site_region=Stockholm'],
    ['se', '/kop-bil/bil/184223/volvo-xc60-b4-awd-momentum', '/kop-bil/184223/volvo-xc60-b4-awd-momentum'],
    ['se', '/service-och-verkstad/volvo', '/anlaggningar?site_departments.brands.name=Volvo&site_departments.service_name=Verkstad'],
    ['se', '/kop-bil/foretag/flotta', '/kop-bil/finansiering/foretagsleasing'],
    ['se', '/livet-med-bil/elbilsguiden', '/nyheter'],
    ['se', '/webbshop/dack/sommardack', '/dack-och-biltillbehor/dack'],
    ['se', '/om-hedin-automotive/jobba-hos-oss', '/om-oss/karriar'],
    // Finland, Norway, Swedish used-car brand, Slovakia
    ['fi', '/osta-auto', '/autot'],
    ['fi', '/loyda-meidat/hedin-bil-vantaa', '/toimipisteet/hedin-bil-vantaa'],
    ['fi', '/loyda-meidat/toyota-vantaa', '/toimipisteet/hedin-bil-vantaa'],
    ['fi', '/auton-omistaminen/rengashotelli', '/huolto/rengashotelli'],
    ['fi', '/meista/ura', '/tietoa-meista/ura'],
    ['no', '/vare-bilmerker/toyota', '/biler?car_brand=Toyota'],
    ['no', '/finn-oss/bilia-drammen', '/finn-oss/hedin-bil-drammen'],
    ['no', '/om-hedin/kontakt', '/om-oss/kontakt'],
    ['no', '/om-hedin/om-oss/historie', '/om-oss/historie'],
    ['no', '/bileierskap/dekkhotell', '/verksted/dekkhotell'],
    ['se-used', '/bilagande/service', '/service'],
    ['se-used', '/vara-bilmarken/volvo', '/kop-bil?car_brand=Volvo'],
    ['se-used', '/kop-bil/elbilar', '/kop-bil?car_fuel=El'],
    ['se-used', '/hitta-oss/begagnat-bromma', '/hitta-oss/begagnat-se-stockholm'],
    ['se-used', '/salj-din-bil', '/salj-bil'],
    ['se-used', '/om-begagnat/historia', '/foretaget/historia'],
    ['sk', '/o-hedin/kariera', '/spolocnost/kariera'],
    ['sk', '/vlastnictvo-auta/pneuservis', '/servis/pneuservis'],
    ['sk', '/kontakty/hedin-kosice', '/kontakty/hedin-automotive-kosice'],
  ])('%s %s -> %s', (market, path, location) => {
    expect(locationOf(market, path)).toBe(location);
  });

  test('a query-conditioned rule: vehicletype=PB goes to the personal-car filter, other parameters kept', () => {
    expect(locationOf('se', '/kop-bil/alla-bilar-i-lager?vehicletype=PB&sort=price')).toBe('/kop-bil/sok-bil?car_vehicle_type=Personbil&sort=price');
    expect(locationOf('se', '/kop-bil/alla-bilar-i-lager?sort=price')).toBe('/kop-bil/sok-bil?sort=price');
  });

  test('case variants and language-prefixed variants redirect', () => {
    expect(locationOf('uk', '/USED/BMW/X5/')).toBe('/buy-car/used-cars/bmw');
    expect(locationOf('se', '/DackDepa/Success')).toBe('/dack-och-biltillbehor/dackkop-tack');
    expect(locationOf('se', '/sv/dackdepa/success')).toBe('/dack-och-biltillbehor/dackkop-tack');
    expect(locationOf('fi', '/sv/kop-bil')).toBe('/sv/autot');
    expect(locationOf('uk', '/en-gb/used/audi/a3')).toBe('/buy-car/used-cars/audi');
  });

  test('a source whose destination moved twice is served the newest destination in one hop', () => {
    const found = resolveRedirect(compiled, 'uk', '/book-a-service');
    expect(found?.location).toBe('/service-and-parts/book-service-or-mot');
    expect(locationOf('uk', '/bmw/insurance')).toBe('/buy-car/finance-and-protection-products/protection-products/bmw');
  });

  test("a path of another market's host is not redirected", () => {
    expect(locationOf('uk', '/dackdepa/success')).toBeNull();
    expect(locationOf('se', '/used/bmw/x5')).toBeNull();
    expect(locationOf('no', '/osta-auto')).toBeNull();
  });

  test('current pages are not redirected', () => {
    for (const path of ['/buy-car/used-cars/bmw', '/buy-car/new-cars/bmw', '/find-us', '/sell-car', '/']) expect(locationOf('uk', path)).toBeNull();
    for (const path of ['/kop-bil/sok-bil', '/kop-bil/184223/volvo-xc60', '/anlaggningar/hedin-automotive-goteborg']) expect(locationOf('se', path)).toBeNull();
    // Navigation pages the tables used to redirect (issue 15).
    for (const path of ['/kop-bil', '/kop-bil/finansiering', '/kop-bil/finansiering/billan', '/kop-bil/kampanjer', '/service-och-verkstad/skadeverkstad']) expect(locationOf('se', path)).toBeNull();
    for (const path of ['/om-oss/kontakt', '/finn-oss/hedin-bil-bergen', '/finn-oss/hedin-bil-stavanger', '/finn-oss/hedin-bil-trondheim']) expect(locationOf('no', path)).toBeNull();
    expect(locationOf('uk', '/about-us')).toBeNull();
  });
});
