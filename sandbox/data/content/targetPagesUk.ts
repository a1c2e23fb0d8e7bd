import type { TargetPage } from './targetPage.js';

/** The UK group's franchise brands: URL slug and name. */
const BRANDS: [string, string][] = [
  ['audi', 'Audi'],
  ['bmw', 'BMW'],
  ['byd', 'BYD'],
  ['cupra', 'Cupra'],
  ['ford', 'Ford'],
  ['hyundai', 'Hyundai'],
  ['kia', 'Kia'],
  ['land-rover', 'Land Rover'],
  ['mercedes-benz', 'Mercedes-Benz'],
  ['mini', 'MINI'],
  ['nissan', 'Nissan'],
  ['seat', 'SEAT'],
  ['skoda', 'Škoda'],
  ['toyota', 'Toyota'],
  ['volkswagen', 'Volkswagen'],
  ['volkswagen-commercial-vehicles', 'Volkswagen Commercial Vehicles'],
];
/** Two fleet and business models per brand (the model pages below a brand's fleet page). */
const FLEET_MODELS: Record<string, [string, string]> = {
  audi: ['a3', 'q4-e-tron'],
  bmw: ['3-series', 'i4'],
  byd: ['atto-3', 'seal'],
  cupra: ['born', 'formentor'],
  ford: ['puma', 'ranger'],
  hyundai: ['ioniq-5', 'tucson'],
  kia: ['ev6', 'sportage'],
  'land-rover': ['defender', 'discovery-sport'],
  'mercedes-benz': ['c-class', 'eqa'],
  mini: ['cooper', 'countryman'],
  nissan: ['qashqai', 'leaf'],
  seat: ['ibiza', 'leon'],
  skoda: ['octavia', 'enyaq'],
  toyota: ['corolla', 'rav4'],
  volkswagen: ['golf', 'id-4'],
  'volkswagen-commercial-vehicles': ['transporter', 'id-buzz-cargo'],
};
const PRODUCTS: [string, string][] = [
  ['motor-and-first-cover', 'Motor and First Cover'],
  ['cosmetic-repair', 'Cosmetic Repair'],
  ['paint-and-interior-protection', 'Paint and Interior Protection'],
  ['tyre-and-alloy-wheel', 'Tyre and Alloy Wheel'],
  ['asset-protection-gap', 'Asset Protection GAP'],
  ['certified-warranty', 'Certified Warranty'],
  ['van-insurance', 'Van Insurance'],
  ['tyre-insurance', 'Tyre Insurance'],
  ['van-warranty', 'Van Warranty'],
];
const SERVICING: [string, string][] = [
  ['book-service-or-mot', 'Book a Service or MOT'],
  ['service-contracts', 'Service Contracts'],
  ['servicecare', 'ServiceCare'],
  ['completecare', 'CompleteCare'],
  ['digital-extras', 'Digital Extras'],
  ['roadside-assistance', 'Roadside Assistance'],
  ['service-plans', 'Service Plans'],
  ['pay-monthly-service-plan', 'Pay Monthly Service Plan'],
  ['hello-app', 'Hello App'],
];
const PARTS: [string, string][] = [
  ['accessories', 'Accessories'],
  ['genuine-parts', 'Genuine Parts'],
  ['trade-parts', 'Trade Parts'],
  ['parts-and-accessories', 'Parts and Accessories'],
];
const BODYSHOP: [string, string][] = [
  ['accident-repairs', 'Accident Repairs'],
  ['onsite-repairs', 'Onsite Repairs'],
];

const FINANCE = '/buy-car/finance-and-insurance-options';
const PROTECTION = '/buy-car/finance-and-protection-products';

function brandPages([slug, brand]: [string, string]): TargetPage[] {
  const products = (base: string, what: string) => [
    { path: base, name: `${brand} ${what}` },
    ...PRODUCTS.map(([p, name]) => ({ path: `${base}/${p}`, name: `${brand} ${name}` })),
  ];
  const area = (name: string, pages: [string, string][]) => [
    { path: `/service-and-parts/${slug}/${name.toLowerCase()}`, name: `${brand} ${name}` },
    ...pages.map(([p, title]) => ({
      path: `/service-and-parts/${slug}/${name.toLowerCase()}/${p}`,
      name: `${brand} ${title}`,
    })),
  ];
  return [
    { path: `/buy-car/brands/${slug}`, name: brand, brand },
    // The stock list is used cars unless a link asks for new ones (markets/uk.ts carListDefaults).
    { path: `/buy-car/new-cars/${slug}`, name: `New ${brand}`, brand, condition: 'New' },
    { path: `/buy-car/used-cars/${slug}`, name: `Used ${brand}`, brand },
    { path: `/buy-car/latest-offers/${slug}`, name: `${brand} Offers`, brand },
    { path: `/buy-car/fleet-and-business-offers/${slug}`, name: `${brand} Fleet and Business`, brand },
    ...FLEET_MODELS[slug]!.map((model) => ({
      path: `/buy-car/fleet-and-business-offers/${slug}/${model}`,
      name: `${brand} ${model.replace(/-/g, ' ')} for business`,
    })),
    { path: `/buy-car/motability/${slug}`, name: `${brand} Motability` },
    { path: `${FINANCE}/personal-finance/${slug}`, name: `${brand} Personal Finance` },
    ...products(`${PROTECTION}/protection-products/${slug}`, 'Protection Products'),
    { path: `/service-and-parts/${slug}`, name: `${brand} Service and Parts` },
    ...area('Servicing', SERVICING),
    ...area('Parts', PARTS),
    ...area('Bodyshop', BODYSHOP),
  ];
}

/**
 * The UK site's areas (spec part 2 §2.7, 'UK target areas'): every brand's listings, finance, protection and aftersales
 * pages. Insurance products moved to protection products, so the old insurance-products pages are redirects only.
 */
export const UK_TARGET_PAGES: TargetPage[] = [
  { path: FINANCE, name: 'Finance and Insurance Options' },
  { path: PROTECTION, name: 'Finance and Protection Products' },
  { path: `${PROTECTION}/protection-products`, name: 'Protection Products' },
  { path: '/service-and-parts/servicing', name: 'Servicing' },
  { path: '/service-and-parts/parts-and-accessories', name: 'Parts and Accessories' },
  { path: '/service-and-parts/bodyshop/accident-repairs', name: 'Accident Repairs' },
  { path: '/about-us/who-we-are', name: 'Who We Are' },
  { path: '/about-us/careers', name: 'Careers' },
  ...['terms-and-conditions', 'privacy-policy', 'cookie-policy', 'fca-disclosure', 'complaints-procedure'].map((p) => ({
    path: `/legal/${p}`,
    name: title(p),
  })),
  ...['gender-pay-gap', 'modern-slavery-statement', 'tax-strategy'].map((p) => ({
    path: `/further-policies-and-statements/${p}`,
    name: title(p),
  })),
  ...BRANDS.flatMap(brandPages),
];

function title(slug: string): string {
  const text = slug.replace(/-/g, ' ').replace(/\bfca\b/, 'FCA');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
