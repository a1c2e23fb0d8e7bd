import type { Market } from './schema.js';

export const norway: Market = {
  id: 'no',
  siteName: 'Hedin Automotive Norge',
  hostnames: ['www.hedinautomotive.no', 'hedinautomotive.no'],
  devHostname: 'no.localhost',
  languages: ['nb'],
  currency: 'NOK',
  locales: { nb: 'nb-NO' },
  dateFormat: 'DD.MM.YYYY',
  distanceUnit: 'km',
  paths: {
    carList: '/biler',
    carDetailBase: '/biler/bil',
    siteDetail: '/finn-oss',
    stories: '/aktuelt',
    kits: '/tilbehor',
    heroSearch: '/biler',
    savedCars: '/lagrede-biler',
  },
  carListDefaults: [],
  searchIndexes: { cars: 'cars-no', sites: 'sites-no', kits: 'kits-no' },
  contentSite: 'no',
  customerService: { email: 'kundeservice@hedinautomotive.no', phone: '22 40 54 00' },
  monthlyPrice: 'loanOffer',
  features: { booking: false, tireHotel: false, serviceRequestForm: true, finance: false, media360: false },
};
