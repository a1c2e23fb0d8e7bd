import type { Market } from './schema.js';

/** UK: the only market with the finance calculator, 360 media and DD/MM/YYYY dates. */
export const unitedKingdom: Market = {
  id: 'uk',
  siteName: 'Hedin Automotive UK',
  hostnames: ['www.hedinautomotive.co.uk', 'hedinautomotive.co.uk'],
  devHostname: 'uk.localhost',
  languages: ['en'],
  currency: 'GBP',
  locales: { en: 'en-GB' },
  dateFormat: 'DD/MM/YYYY',
  distanceUnit: 'mi',
  paths: {
    carList: '/buy-car/used-cars',
    carDetailBase: '/buy-car/car',
    siteDetail: '/find-us',
    stories: '/news-and-events',
    kits: '/service-and-parts/accessories',
    heroSearch: '/buy-car/used-cars',
    savedCars: '/saved-cars',
  },
  carListDefaults: [{ field: 'car_condition', values: ['Used'] }],
  searchIndexes: { cars: 'cars-uk', sites: 'sites-uk', kits: 'kits-uk' },
  contentSite: 'uk',
  customerService: { email: 'customerservice@hedinautomotive.co.uk', phone: '020 7946 0400' },
  monthlyPrice: 'financeQuote',
  features: { booking: false, tireHotel: false, serviceRequestForm: false, finance: true, media360: true },
};
