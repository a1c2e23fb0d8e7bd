import type { Site } from '../../contracts/upstream/search.js';
import { photoUrl } from './pictures.js';

/**
 * The one Norwegian motorcycle dealer (part 2 §2.3: motorcycle bookings are fixed to it). A fixed
 * site rather than a generated one, so the 'mc' page's block can name it; added after the cars are
 * generated, so the car dataset stays as it was (the dealer sells motorcycles, not cars).
 */
export const MOTORCYCLE_DEALER_SITE_ID = '499';
const NAME = 'Hedin MC Oslo';
export const MOTORCYCLE_WORKSHOP_EMAIL = 'mc-verksted@hedinautomotive.no';

const hours = (weekday: [string, string], saturday: [string, string] | null) =>
  (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).map((day, i) => {
    const open = i < 5 ? weekday : i === 5 ? saturday : null;
    return { day, closed: open === null, opens: open?.[0] ?? null, closes: open?.[1] ?? null };
  });

export function motorcycleDealer(): Site {
  const department = (
    n: number,
    group: 'Sales' | 'Workshop',
    name: string,
    email: string,
    open: ReturnType<typeof hours>,
  ) => ({
    department_id: `${MOTORCYCLE_DEALER_SITE_ID}0${n}`,
    name,
    group,
    brands: [{ name: 'Harley-Davidson' }, { name: 'Indian' }],
    service_name: group === 'Workshop' ? ['Service', 'Dekkskift', 'Reparasjon'] : [],
    users: [
      {
        name: 'Kari Nordmann',
        title: group === 'Workshop' ? 'Verkstedleder' : 'Selger',
        email: `kari.nordmann.${n}@hedinautomotive.no`,
        phone: '+47 22 33 44 5' + n,
        image_url: photoUrl({ kind: 'person', key: `${MOTORCYCLE_DEALER_SITE_ID}-${n}-0` }),
      },
    ],
    email,
    phone: '+47 22 33 44 50',
    opening_hours: open,
    vacation_days: [],
    deviation_days: [],
  });
  return {
    site_id: MOTORCYCLE_DEALER_SITE_ID,
    slug: 'hedin-mc-oslo',
    site_market: 'no',
    site_official_name: NAME,
    site_name: 'Oslo',
    site_street: 'Økernveien 145',
    site_zip: '0580',
    site_city: 'Oslo',
    site_region: 'Oslo',
    site_country: 'Norge',
    site_phone: '+47 22 33 44 50',
    site_email: 'hedin-mc-oslo@hedinautomotive.no',
    site_geocoord: { lat: 59.9226, lng: 10.8089 },
    site_brands: ['Harley-Davidson', 'Indian'],
    site_departments: [
      department(
        1,
        'Sales',
        'MC-salg Oslo',
        'mc-salg@hedinautomotive.no',
        hours(['10:00', '18:00'], ['10:00', '15:00']),
      ),
      department(2, 'Workshop', 'MC-verksted Oslo', MOTORCYCLE_WORKSHOP_EMAIL, hours(['07:30', '16:00'], null)),
    ],
    site_image_url: photoUrl({ kind: 'site', siteId: MOTORCYCLE_DEALER_SITE_ID, name: NAME }),
    site_description: 'Hedin MC Oslo: motorsykler, MC-verksted og deler.',
  };
}
