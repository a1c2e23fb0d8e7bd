import type { Market } from './schema.js';

export const slovakia: Market = {
  id: 'sk',
  siteName: 'Hedin Automotive Slovensko',
  hostnames: ['www.hedinautomotive.sk', 'hedinautomotive.sk'],
  devHostname: 'sk.localhost',
  languages: ['sk'],
  currency: 'EUR',
  locales: { sk: 'sk-SK' },
  // Slovak writes dates with spaces (STN 01 6910), as the content service's story dates do.
  dateFormat: 'D. M. YYYY',
  distanceUnit: 'km',
  paths: {
    carList: '/vozidla',
    carDetailBase: '/vozidla/vozidlo',
    siteDetail: '/kontakty',
    stories: '/novinky',
    kits: '/prislusenstvo',
    heroSearch: '/vozidla',
    savedCars: '/ulozene-auta',
  },
  carListDefaults: [],
  searchIndexes: { cars: 'cars-sk', sites: 'sites-sk', kits: 'kits-sk' },
  contentSite: 'sk',
  customerService: { email: 'zakaznickyservis@hedinautomotive.sk', phone: '02 3300 4000' },
  monthlyPrice: 'none',
  features: { booking: false, tireHotel: false, serviceRequestForm: false, finance: false, media360: false },
};
