import type { Market } from './schema.js';

/** Swedish used-car brand: its own domain and look, same language and currency as the dealer group. */
export const swedenUsedCars: Market = {
  id: 'se-used',
  siteName: 'Begagnat.se',
  hostnames: ['www.hedinbegagnat.se', 'hedinbegagnat.se'],
  devHostname: 'se-used.localhost',
  languages: ['sv'],
  currency: 'SEK',
  locales: { sv: 'sv-SE' },
  dateFormat: 'YYYY-MM-DD',
  distanceUnit: 'mil',
  paths: {
    carList: '/kop-bil',
    carDetailBase: '/kop-bil/bil',
    siteDetail: '/hitta-oss',
    stories: '/nyheter',
    kits: '/tillbehor',
    heroSearch: '/kop-bil',
    savedCars: '/sparade-bilar',
  },
  carListDefaults: [],
  searchIndexes: { cars: 'cars-se-used', sites: 'sites-se-used', kits: 'kits-se-used' },
  contentSite: 'se-used',
  customerService: { email: 'kundservice@begagnat.se', phone: '08-46 500 450' },
  // A Swedish brand: Swedish customers book service and reach their tire hotel here too (part 2 §1).
  monthlyPrice: 'loanOffer',
  features: { booking: true, tireHotel: true, serviceRequestForm: false, finance: false, media360: false },
};
