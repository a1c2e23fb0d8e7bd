import type { Market } from './schema.js';

/** Swedish dealer group: service booking and the tire hotel (with its used-car brand, se-used). */
export const swedenDealerGroup: Market = {
  id: 'se',
  siteName: 'Hedin Automotive',
  hostnames: ['www.hedinautomotive.se', 'hedinautomotive.se'],
  devHostname: 'se.localhost',
  languages: ['sv'],
  currency: 'SEK',
  locales: { sv: 'sv-SE' },
  dateFormat: 'YYYY-MM-DD',
  distanceUnit: 'mil',
  paths: {
    carList: '/kop-bil/sok-bil',
    carDetailBase: '/kop-bil',
    siteDetail: '/anlaggningar',
    stories: '/nyheter',
    kits: '/dack-och-biltillbehor/tillbehor',
    heroSearch: '/kop-bil/sok-bil',
    savedCars: '/sparade-bilar',
  },
  carListDefaults: [],
  searchIndexes: { cars: 'cars-se', sites: 'sites-se', kits: 'kits-se' },
  contentSite: 'se',
  customerService: { email: 'kundservice@hedinautomotive.se', phone: '08-46 500 400' },
  monthlyPrice: 'loanOffer',
  features: { booking: true, tireHotel: true, serviceRequestForm: false, finance: false, media360: false },
};
