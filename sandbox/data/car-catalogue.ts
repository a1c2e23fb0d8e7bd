import type { Body, Fuel, VocabularyLanguage } from './vocabulary.js';

/** One model line: what bodies and fuels it comes in, its EUR list price when new, and its power span (hp). */
export interface CatalogueModel {
  brand: string;
  model: string;
  variants: string[];
  body: Body;
  fuels: Fuel[];
  priceEur: number;
  power: [number, number];
  /** Light commercial vehicle: sold without VAT. */
  lcv?: boolean;
  firstYear?: number;
}

const m = (
  brand: string,
  model: string,
  body: Body,
  fuels: Fuel[],
  priceEur: number,
  power: [number, number],
  variants: string[],
  extra: Partial<CatalogueModel> = {},
): CatalogueModel => ({ brand, model, body, fuels, priceEur, power, variants, ...extra });

export const CAR_CATALOGUE: readonly CatalogueModel[] = [
  m(
    'Volvo',
    'XC60',
    'suv',
    ['hybrid', 'pluginHybrid', 'diesel'],
    58000,
    [197, 455],
    ['B4 AWD Core', 'B5 AWD Plus', 'T6 Recharge Ultimate'],
  ),
  m(
    'Volvo',
    'XC40',
    'suv',
    ['petrol', 'electric', 'hybrid'],
    42000,
    [163, 408],
    ['B3 Core', 'Recharge Plus', 'B4 Ultimate'],
  ),
  m(
    'Volvo',
    'V60',
    'estate',
    ['hybrid', 'pluginHybrid', 'diesel'],
    49000,
    [197, 455],
    ['B4 Core', 'T6 Recharge Plus', 'Cross Country B5'],
  ),
  m('Volvo', 'EX30', 'suv', ['electric'], 38000, [272, 428], ['Single Motor Core', 'Twin Motor Performance Ultra']),
  m('Volvo', 'XC90', 'suv', ['pluginHybrid', 'hybrid'], 82000, [250, 455], ['B5 AWD Plus', 'T8 Recharge Ultimate']),
  m(
    'BMW',
    '3-serie',
    'sedan',
    ['petrol', 'diesel', 'pluginHybrid'],
    52000,
    [156, 374],
    ['318i', '320d xDrive', '330e M Sport'],
  ),
  m('BMW', 'X3', 'suv', ['diesel', 'pluginHybrid', 'petrol'], 62000, [190, 398], ['xDrive20d', 'xDrive30e', 'M40i']),
  m('BMW', 'i4', 'coupe', ['electric'], 60000, [340, 544], ['eDrive35', 'eDrive40', 'M50']),
  m('BMW', 'iX1', 'suv', ['electric'], 50000, [204, 313], ['eDrive20', 'xDrive30']),
  m('MINI', 'Cooper', 'hatchback', ['petrol', 'electric'], 30000, [136, 218], ['C', 'S', 'SE']),
  m('MINI', 'Countryman', 'suv', ['petrol', 'electric'], 40000, [170, 313], ['C', 'E', 'SE ALL4']),
  m(
    'Porsche',
    'Macan',
    'suv',
    ['petrol', 'electric'],
    85000,
    [265, 639],
    ['Macan', 'Macan 4 Electric', 'Turbo Electric'],
  ),
  m('Porsche', 'Taycan', 'sedan', ['electric'], 105000, [408, 952], ['Taycan', '4S', 'Turbo S']),
  m('Porsche', '911', 'coupe', ['petrol'], 135000, [394, 650], ['Carrera', 'Carrera S', 'Turbo S'], {
    firstYear: 2016,
  }),
  m(
    'Volkswagen',
    'Golf',
    'hatchback',
    ['petrol', 'diesel', 'pluginHybrid'],
    32000,
    [116, 320],
    ['1.5 eTSI Life', '2.0 TDI Style', 'GTI'],
  ),
  m('Volkswagen', 'ID.4', 'suv', ['electric'], 45000, [170, 340], ['Pure', 'Pro', 'GTX']),
  m(
    'Volkswagen',
    'Passat',
    'estate',
    ['diesel', 'pluginHybrid'],
    46000,
    [150, 272],
    ['2.0 TDI Business', 'eHybrid Elegance'],
  ),
  m(
    'Volkswagen',
    'Transporter',
    'van',
    ['diesel', 'electric'],
    42000,
    [110, 204],
    ['TDI Skåp', 'TDI Lång', 'e-Transporter'],
    { lcv: true },
  ),
  m('Volkswagen', 'Amarok', 'pickup', ['diesel'], 52000, [205, 241], ['Life V6', 'Aventura'], { lcv: true }),
  m('Audi', 'A4', 'estate', ['petrol', 'diesel'], 48000, [150, 265], ['Avant 35 TDI', 'Avant 40 TFSI quattro']),
  m('Audi', 'Q4 e-tron', 'suv', ['electric'], 52000, [170, 340], ['40', '45 quattro', 'Sportback 55']),
  m(
    'Škoda',
    'Octavia',
    'estate',
    ['petrol', 'diesel', 'pluginHybrid'],
    31000,
    [115, 265],
    ['Kombi 1.5 TSI Style', 'Kombi 2.0 TDI 4x4', 'RS iV'],
  ),
  m('Škoda', 'Enyaq', 'suv', ['electric'], 46000, [179, 340], ['60', '85', 'RS']),
  m(
    'Škoda',
    'Kodiaq',
    'suv',
    ['diesel', 'petrol', 'pluginHybrid'],
    42000,
    [150, 265],
    ['2.0 TDI 4x4 Style', '1.5 TSI Selection', 'iV Sportline'],
  ),
  m(
    'Toyota',
    'RAV4',
    'suv',
    ['hybrid', 'pluginHybrid'],
    42000,
    [218, 306],
    ['Hybrid Active', 'Hybrid AWD-i Style', 'Plug-in Executive'],
  ),
  m('Toyota', 'Corolla', 'hatchback', ['hybrid'], 30000, [140, 196], ['1.8 Hybrid Active', '2.0 Hybrid GR Sport']),
  m('Toyota', 'Hilux', 'pickup', ['diesel'], 45000, [150, 204], ['2.4 D-4D Active', '2.8 D-4D Invincible'], {
    lcv: true,
  }),
  m('Kia', 'EV6', 'suv', ['electric'], 50000, [229, 585], ['Long Range RWD', 'AWD GT-Line', 'GT']),
  m(
    'Kia',
    'Sportage',
    'suv',
    ['hybrid', 'pluginHybrid', 'petrol'],
    38000,
    [150, 265],
    ['Hybrid Action', 'PHEV Advance Plus'],
  ),
  m('Hyundai', 'IONIQ 5', 'suv', ['electric'], 48000, [170, 650], ['Essential', 'Advanced AWD', 'N']),
  m('Hyundai', 'Tucson', 'suv', ['hybrid', 'pluginHybrid'], 39000, [150, 265], ['Hybrid Essential', 'PHEV Advanced']),
  m(
    'Mercedes-Benz',
    'C-klass',
    'sedan',
    ['petrol', 'diesel', 'pluginHybrid'],
    54000,
    [170, 313],
    ['C 200', 'C 220 d 4MATIC', 'C 300 e'],
  ),
  m('Mercedes-Benz', 'GLC', 'suv', ['diesel', 'pluginHybrid'], 66000, [197, 381], ['220 d 4MATIC', '300 e 4MATIC']),
  m(
    'Mercedes-Benz',
    'Sprinter',
    'van',
    ['diesel', 'electric'],
    50000,
    [114, 190],
    ['314 CDI Skåp', '317 CDI Lång', 'eSprinter'],
    { lcv: true },
  ),
  m('Ford', 'Kuga', 'suv', ['hybrid', 'pluginHybrid'], 38000, [150, 243], ['Titanium', 'ST-Line X PHEV']),
  m(
    'Ford',
    'Transit Custom',
    'van',
    ['diesel', 'electric'],
    40000,
    [110, 218],
    ['Trend 2.0 EcoBlue', 'Limited', 'E-Transit Custom'],
    { lcv: true },
  ),
  m('Ford', 'Ranger', 'pickup', ['diesel'], 48000, [170, 240], ['XLT', 'Wildtrak', 'Raptor'], { lcv: true }),
  m('Renault', 'Clio', 'hatchback', ['petrol', 'hybrid'], 22000, [90, 145], ['TCe 90 Evolution', 'E-Tech Techno']),
  m('Renault', 'Master', 'van', ['diesel', 'electric'], 45000, [130, 170], ['dCi 150 L2H2', 'E-Tech L3H2'], {
    lcv: true,
  }),
  m('Peugeot', '3008', 'suv', ['hybrid', 'electric'], 40000, [136, 320], ['Allure Hybrid 136', 'GT E-3008']),
  m('Nissan', 'Qashqai', 'suv', ['petrol', 'hybrid'], 34000, [140, 190], ['Acenta', 'Tekna e-Power']),
  m('Polestar', '2', 'sedan', ['electric'], 50000, [272, 476], ['Long Range Single Motor', 'Long Range Dual Motor']),
  m(
    'Land Rover',
    'Defender',
    'suv',
    ['diesel', 'pluginHybrid'],
    80000,
    [249, 525],
    ['110 D250 SE', '90 P400e X-Dynamic'],
  ),
  m('Jaguar', 'F-Pace', 'suv', ['diesel', 'pluginHybrid'], 68000, [204, 404], ['D200 R-Dynamic S', 'P400e HSE']),
  m('Dacia', 'Duster', 'suv', ['petrol', 'hybrid'], 22000, [100, 140], ['Essential', 'Journey Hybrid 140']),
  m('Cupra', 'Formentor', 'suv', ['petrol', 'pluginHybrid'], 40000, [150, 333], ['1.5 TSI', 'VZ e-HYBRID', 'VZ5']),
  m('MG', 'MG4', 'hatchback', ['electric'], 32000, [170, 435], ['Standard', 'Long Range', 'XPOWER']),
  m('BYD', 'Seal', 'sedan', ['electric'], 46000, [313, 530], ['Design', 'Excellence AWD'], { firstYear: 2023 }),
  m('IVECO', 'Daily', 'van', ['diesel', 'electric'], 48000, [136, 207], ['35S16 Skåp', '50C18 Chassi', 'eDaily'], {
    lcv: true,
  }),
  m('Opel', 'Corsa', 'hatchback', ['petrol', 'electric'], 24000, [75, 156], ['Edition', 'GS', 'Electric']),
  m('Tesla', 'Model Y', 'suv', ['electric'], 48000, [299, 534], ['Long Range AWD', 'Performance'], { firstYear: 2021 }),
  m('Volvo', 'XC90 Classic', 'mpv', ['diesel'], 60000, [235, 235], ['D5 AWD Momentum'], { firstYear: 2016 }),
  m('BMW', '4-serie Cabriolet', 'convertible', ['petrol'], 66000, [184, 374], ['420i', 'M440i xDrive']),
];

/** Brands a market sells new (dealer sites carry them); the used-car market sells everything. */
export const MARKET_BRANDS: Readonly<Record<string, readonly string[]>> = {
  se: [
    'Volvo',
    'BMW',
    'MINI',
    'Porsche',
    'Volkswagen',
    'Audi',
    'Škoda',
    'Toyota',
    'Kia',
    'Mercedes-Benz',
    'Ford',
    'Polestar',
    'IVECO',
    'BYD',
    'Cupra',
  ],
  fi: ['Volvo', 'BMW', 'Škoda', 'Toyota', 'Kia', 'Hyundai', 'Mercedes-Benz', 'Ford', 'MG', 'Nissan'],
  no: ['Volvo', 'BMW', 'Volkswagen', 'Audi', 'Kia', 'Hyundai', 'Polestar', 'Mercedes-Benz', 'BYD', 'Ford'],
  sk: ['BMW', 'MINI', 'Škoda', 'Volkswagen', 'Kia', 'Hyundai', 'Renault', 'Peugeot', 'Dacia'],
  // The franchises of the UK dealerships (sandbox/data/namedSites.ts), so every car is at a dealer of its brand.
  uk: [
    'BMW',
    'MINI',
    'Mercedes-Benz',
    'Land Rover',
    'Audi',
    'Volkswagen',
    'Ford',
    'Toyota',
    'Kia',
    'Hyundai',
    'Nissan',
    'Škoda',
    'Cupra',
    'BYD',
  ],
};

/**
 * The catalogue writes model lines and variants as Swedish dealers do; each country's importer names a few
 * differently ('C-Class' and '3 Series' in the UK, 'C-sarja' in Finland, 'Trieda C' in Slovakia), and
 * body words ('Skåp', 'Lång', 'Kombi') are the country's own.
 */
const LOCAL_MODEL_NAMES: Readonly<Record<VocabularyLanguage, Readonly<Record<string, string>>>> = {
  sv: {},
  en: { 'C-klass': 'C-Class', '3-serie': '3 Series', '4-serie Cabriolet': '4 Series Convertible' },
  fi: { 'C-klass': 'C-sarja', '3-serie': '3-sarja', '4-serie Cabriolet': '4-sarja Cabriolet' },
  nb: { 'C-klass': 'C-klasse' },
  sk: { 'C-klass': 'Trieda C', '3-serie': 'Rad 3', '4-serie Cabriolet': 'Rad 4 Cabrio' },
};
const LOCAL_VARIANT_WORDS: Readonly<Record<VocabularyLanguage, Readonly<Record<string, string>>>> = {
  sv: {},
  en: { Skåp: 'Panel Van', Lång: 'LWB', Chassi: 'Chassis Cab', Kombi: 'Estate' },
  fi: { Skåp: 'umpipakettiauto', Lång: 'pitkä', Chassi: 'alusta-ohjaamo', Kombi: 'Combi' },
  nb: { Skåp: 'Varebil', Lång: 'Lang', Chassi: 'Chassis', Kombi: 'Stasjonsvogn' },
  sk: { Skåp: 'Skriňa', Lång: 'dlhý', Chassi: 'Podvozok', Kombi: 'Combi' },
};

/** A model line's name in a market's documents. */
export function localModelName(model: string, language: VocabularyLanguage): string {
  return LOCAL_MODEL_NAMES[language][model] ?? model;
}

/** A variant in a market's documents, word by word ('314 CDI Skåp' → '314 CDI Panel Van'). */
export function localVariant(variant: string, language: VocabularyLanguage): string {
  const words = LOCAL_VARIANT_WORDS[language];
  return variant
    .split(' ')
    .map((word) => words[word] ?? word)
    .join(' ');
}

const catalogueName = (names: Readonly<Record<string, string>>, local: string) =>
  Object.entries(names).find(([, name]) => name === local)?.[0] ?? local;

/** A model line's name in one language's documents as another language's documents write it ('C-sarja' → 'C-klass'). */
export function modelNameIn(name: string, from: VocabularyLanguage, to: VocabularyLanguage): string {
  return localModelName(catalogueName(LOCAL_MODEL_NAMES[from], name), to);
}

/** A variant in one language's documents as another language's write it ('317 CDI pitkä' → '317 CDI Lång'). */
export function variantIn(variant: string, from: VocabularyLanguage, to: VocabularyLanguage): string {
  return localVariant(
    variant
      .split(' ')
      .map((word) => catalogueName(LOCAL_VARIANT_WORDS[from], word))
      .join(' '),
    to,
  );
}

/** Variants that exist with one fuel only ('SE' is the electric MINI, 'eSprinter' the electric van): a car's fuel follows them. */
const VARIANT_FUEL: Readonly<Record<string, Fuel>> = {
  'T6 Recharge Ultimate': 'pluginHybrid',
  'T6 Recharge Plus': 'pluginHybrid',
  'T8 Recharge Ultimate': 'pluginHybrid',
  'Recharge Plus': 'electric',
  'B4 AWD Core': 'hybrid',
  'B4 Core': 'hybrid',
  'B5 AWD Plus': 'hybrid',
  'Cross Country B5': 'hybrid',
  'B3 Core': 'hybrid',
  'B4 Ultimate': 'hybrid',
  '318i': 'petrol',
  '320d xDrive': 'diesel',
  '330e M Sport': 'pluginHybrid',
  xDrive20d: 'diesel',
  xDrive30e: 'pluginHybrid',
  M40i: 'petrol',
  C: 'petrol',
  S: 'petrol',
  SE: 'electric',
  E: 'electric',
  'SE ALL4': 'electric',
  'Macan 4 Electric': 'electric',
  'Turbo Electric': 'electric',
  Macan: 'petrol',
  '1.5 eTSI Life': 'petrol',
  '2.0 TDI Style': 'diesel',
  GTI: 'petrol',
  '2.0 TDI Business': 'diesel',
  'eHybrid Elegance': 'pluginHybrid',
  'TDI Skåp': 'diesel',
  'TDI Lång': 'diesel',
  'e-Transporter': 'electric',
  'Avant 35 TDI': 'diesel',
  'Avant 40 TFSI quattro': 'petrol',
  'Kombi 1.5 TSI Style': 'petrol',
  'Kombi 2.0 TDI 4x4': 'diesel',
  'RS iV': 'pluginHybrid',
  '2.0 TDI 4x4 Style': 'diesel',
  '1.5 TSI Selection': 'petrol',
  'iV Sportline': 'pluginHybrid',
  'Hybrid Active': 'hybrid',
  'Hybrid AWD-i Style': 'hybrid',
  'Plug-in Executive': 'pluginHybrid',
  'Hybrid Action': 'hybrid',
  'PHEV Advance Plus': 'pluginHybrid',
  'Hybrid Essential': 'hybrid',
  'PHEV Advanced': 'pluginHybrid',
  'C 200': 'petrol',
  'C 220 d 4MATIC': 'diesel',
  'C 300 e': 'pluginHybrid',
  '220 d 4MATIC': 'diesel',
  '300 e 4MATIC': 'pluginHybrid',
  '314 CDI Skåp': 'diesel',
  '317 CDI Lång': 'diesel',
  eSprinter: 'electric',
  'ST-Line X PHEV': 'pluginHybrid',
  'Trend 2.0 EcoBlue': 'diesel',
  'E-Transit Custom': 'electric',
  'TCe 90 Evolution': 'petrol',
  'E-Tech Techno': 'hybrid',
  'dCi 150 L2H2': 'diesel',
  'E-Tech L3H2': 'electric',
  'Allure Hybrid 136': 'hybrid',
  'GT E-3008': 'electric',
  'Tekna e-Power': 'hybrid',
  '110 D250 SE': 'diesel',
  '90 P400e X-Dynamic': 'pluginHybrid',
  'D200 R-Dynamic S': 'diesel',
  'P400e HSE': 'pluginHybrid',
  'Journey Hybrid 140': 'hybrid',
  '1.5 TSI': 'petrol',
  'VZ e-HYBRID': 'pluginHybrid',
  VZ5: 'petrol',
  '35S16 Skåp': 'diesel',
  '50C18 Chassi': 'diesel',
  eDaily: 'electric',
  Electric: 'electric',
};

/** The fuel of a car of this variant: the variant's own, else the one drawn from the model's fuels. */
export function fuelOfVariant(model: CatalogueModel, variant: string, drawn: Fuel): Fuel {
  const own = VARIANT_FUEL[variant];
  return own && model.fuels.includes(own) ? own : drawn;
}
