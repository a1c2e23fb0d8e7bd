import type { Market } from './schema.js';

export const finland: Market = {
  id: 'fi',
  siteName: 'Hedin Automotive Suomi',
  hostnames: ['www.hedinautomotive.fi', 'hedinautomotive.fi'],
  devHostname: 'fi.localhost',
  languages: ['fi', 'sv'],
  currency: 'EUR',
  locales: { fi: 'fi-FI', sv: 'sv-FI' },
  dateFormat: 'D.M.YYYY',
  distanceUnit: 'km',
  paths: {
    carList: '/autot',
    carDetailBase: '/autot/auto',
    siteDetail: '/toimipisteet',
    stories: '/ajankohtaista',
    kits: '/varusteet',
    heroSearch: '/autot',
    savedCars: '/tallennetut-autot',
  },
  carListDefaults: [],
  searchIndexes: { cars: 'cars-fi', sites: 'sites-fi', kits: 'kits-fi' },
  contentSite: 'fi',
  customerService: { email: 'asiakaspalvelu@hedinautomotive.fi', phone: '09 4245 0400' },
  monthlyPrice: 'loanOffer',
  features: { booking: false, tireHotel: false, serviceRequestForm: false, finance: false, media360: false },
};
