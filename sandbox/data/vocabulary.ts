/** Words the car, site and kit documents use, per document language. Keys are stable; values are what shoppers see. */

export type VocabularyLanguage = 'sv' | 'fi' | 'nb' | 'sk' | 'en';

export const FUELS = ['petrol', 'diesel', 'electric', 'hybrid', 'pluginHybrid'] as const;
export const GEARBOXES = ['automatic', 'manual'] as const;
export const BODIES = ['suv', 'sedan', 'estate', 'hatchback', 'coupe', 'convertible', 'van', 'pickup', 'mpv'] as const;
export const DRIVES = ['fwd', 'rwd', 'awd'] as const;
export const COLORS = ['black', 'white', 'silver', 'grey', 'blue', 'red', 'green', 'brown', 'beige'] as const;
export const DEPARTMENT_GROUPS = ['Sales', 'Used cars', 'Workshop', 'Tires', 'Parts', 'Damage'] as const;
export type Fuel = (typeof FUELS)[number];
export type Body = (typeof BODIES)[number];
export type Drive = (typeof DRIVES)[number];
export type Color = (typeof COLORS)[number];
export type DepartmentGroup = (typeof DEPARTMENT_GROUPS)[number];

export const TECHNICAL_LABELS = [
  'modelYear', 'mileage', 'fuel', 'gearbox', 'power', 'drive', 'color', 'seats', 'doors', 'engineSize', 'co2', 'consumption',
  'battery', 'range', 'registration', 'firstRegistration', 'vin',
] as const;

export interface Vocabulary {
  fuel: Record<Fuel, string>;
  gearbox: { automatic: string; manual: string };
  body: Record<Body, string>;
  drive: Record<Drive, string>;
  color: Record<Color, string>;
  /**
   * The colour as the first description sentence writes it before the car, agreeing as the language
   * wants: Swedish 'denna vita Volvo' and Norwegian 'denne svarte' take the definite (weak) form,
   * Slovak agrees with the neuter 'auto' ('hnedé auto Volkswagen').
   */
  describedColor: Record<Color, string>;
  condition: { new: string; used: string };
  vehicleType: { PC: string; LCV: string };
  equipment: string[];
  technical: Record<(typeof TECHNICAL_LABELS)[number], string>;
  /** Car description sentences; {brand} {model} {year} {color} {eq1} {eq2} {city} are filled in. */
  descriptions: string[];
  sellerTitles: string[];
  department: Record<DepartmentGroup, string>;
  services: string[];
  summerClosure: string;
  kitCategories: string[];
  kitWords: { kit: string; description: string };
}

/**
 * An equipment item inside a description sentence: its first letter small as a common word is
 * ('backkamera'), names and abbreviations as they are ('Apple CarPlay och Android Auto', 'LED-strålkastare').
 */
export function inSentence(item: string): string {
  return /^\p{Lu}[\p{Ll}-]*(\s|$)/u.test(item) && !item.startsWith('Apple ') ? item.charAt(0).toLowerCase() + item.slice(1) : item;
}

export const VOCABULARIES: Readonly<Record<VocabularyLanguage, Vocabulary>> = {
  sv: {
    fuel: { petrol: 'Bensin', diesel: 'Diesel', electric: 'El', hybrid: 'Hybrid', pluginHybrid: 'Laddhybrid' },
    gearbox: { automatic: 'Automat', manual: 'Manuell' },
    body: { suv: 'SUV', sedan: 'Sedan', estate: 'Kombi', hatchback: 'Halvkombi', coupe: 'Coupé', convertible: 'Cabriolet', van: 'Skåpbil', pickup: 'Pickup', mpv: 'Familjebuss' },
    drive: { fwd: 'Framhjulsdrift', rwd: 'Bakhjulsdrift', awd: 'Fyrhjulsdrift' },
    color: { black: 'Svart', white: 'Vit', silver: 'Silver', grey: 'Grå', blue: 'Blå', red: 'Röd', green: 'Grön', brown: 'Brun', beige: 'Beige' },
    describedColor: { black: 'svarta', white: 'vita', silver: 'silverfärgade', grey: 'grå', blue: 'blå', red: 'röda', green: 'gröna', brown: 'bruna', beige: 'beige' },
    condition: { new: 'Ny', used: 'Begagnad' },
    vehicleType: { PC: 'Personbil', LCV: 'Transportbil' },
    equipment: ['Motorvärmare', 'Navigationssystem', 'Backkamera', 'Adaptiv farthållare', 'Parkeringssensorer fram och bak', 'Nyckelfritt lås- och startsystem',
      'Apple CarPlay och Android Auto', 'LED-strålkastare', 'Panoramatak', 'Dragkrok', 'Läderklädsel', 'Eluppvärmd ratt', 'Eluppvärmda framsäten',
      'Döda vinkeln-varnare', 'Filhållningsassistent', 'Head-up display', '360° kamera', 'Elmanövrerad baklucka', '18" lättmetallfälgar',
      'Tvåzons klimatanläggning', 'Trådlös laddning', 'Elektriskt justerbara säten med minne', 'Premiumljudsystem', 'Vinterdäck på fälg'],
    technical: { modelYear: 'Årsmodell', mileage: 'Miltal', fuel: 'Drivmedel', gearbox: 'Växellåda', power: 'Effekt', drive: 'Drivning', color: 'Färg', seats: 'Antal säten',
      doors: 'Antal dörrar', engineSize: 'Motorvolym', co2: 'CO₂-utsläpp', consumption: 'Förbrukning', battery: 'Batterikapacitet', range: 'Räckvidd',
      registration: 'Registreringsnummer', firstRegistration: 'Första registrering', vin: 'Chassinummer' },
    descriptions: [
      'Välkommen att provköra denna {color} {brand} {model} från {year}.', 'Bilen är välutrustad med bland annat {eq1} och {eq2}.',
      'Servad enligt serviceprogram och redo för leverans från vår anläggning i {city}.', 'Vi hjälper dig gärna med finansiering, försäkring och inbyte.',
      'En trygg och bekväm bil för både vardag och långresa.'],
    sellerTitles: ['Bilsäljare', 'Försäljningschef', 'Säljare företag', 'Säljare begagnat'],
    department: { Sales: 'Försäljning', 'Used cars': 'Begagnade bilar', Workshop: 'Verkstad', Tires: 'Däck', Parts: 'Reservdelar', Damage: 'Skadeverkstad' },
    services: ['Service', 'Däckbyte', 'Däckhotell', 'AC-service', 'Reparation', 'Hjulinställning', 'Glasreparation'],
    summerClosure: 'Semesterstängt',
    kitCategories: ['Takboxar och lasthållare', 'Dragkrokar', 'Mattor och skydd', 'Laddning', 'Vinterhjul', 'Interiör'],
    kitWords: { kit: 'tillbehörspaket', description: 'Originaltillbehör anpassat för {models}. Monteras av vår verkstad.' },
  },
  fi: {
    fuel: { petrol: 'Bensiini', diesel: 'Diesel', electric: 'Sähkö', hybrid: 'Hybridi', pluginHybrid: 'Lataushybridi' },
    gearbox: { automatic: 'Automaatti', manual: 'Manuaali' },
    body: { suv: 'Maastoauto', sedan: 'Sedan', estate: 'Farmari', hatchback: 'Viistoperä', coupe: 'Coupé', convertible: 'Avoauto', van: 'Pakettiauto', pickup: 'Avolava', mpv: 'Tila-auto' },
    drive: { fwd: 'Etuveto', rwd: 'Takaveto', awd: 'Neliveto' },
    color: { black: 'Musta', white: 'Valkoinen', silver: 'Hopea', grey: 'Harmaa', blue: 'Sininen', red: 'Punainen', green: 'Vihreä', brown: 'Ruskea', beige: 'Beige' },
    describedColor: { black: 'musta', white: 'valkoinen', silver: 'hopeanvärinen', grey: 'harmaa', blue: 'sininen', red: 'punainen', green: 'vihreä', brown: 'ruskea', beige: 'beige' },
    condition: { new: 'Uusi', used: 'Käytetty' },
    vehicleType: { PC: 'Henkilöauto', LCV: 'Hyötyajoneuvo' },
    equipment: ['Lohkolämmitin', 'Navigaattori', 'Peruutuskamera', 'Mukautuva vakionopeudensäädin', 'Pysäköintitutkat edessä ja takana', 'Avaimeton kulku',
      'Apple CarPlay ja Android Auto', 'LED-ajovalot', 'Panoraamakatto', 'Vetokoukku', 'Nahkaverhoilu', 'Lämmitettävä ohjauspyörä', 'Istuinlämmittimet',
      'Kuolleen kulman varoitin', 'Kaistavahti', 'Tuulilasinäyttö', '360° kamera', 'Sähkötoiminen takaluukku', '18" kevytmetallivanteet',
      'Kaksialueinen ilmastointi', 'Langaton lataus', 'Muistilliset sähköistuimet', 'Premium-äänentoisto', 'Talvirenkaat vanteilla'],
    technical: { modelYear: 'Vuosimalli', mileage: 'Ajomäärä', fuel: 'Käyttövoima', gearbox: 'Vaihteisto', power: 'Teho', drive: 'Vetotapa', color: 'Väri', seats: 'Istuimet',
      doors: 'Ovet', engineSize: 'Iskutilavuus', co2: 'CO₂-päästöt', consumption: 'Kulutus', battery: 'Akun kapasiteetti', range: 'Toimintamatka',
      registration: 'Rekisterinumero', firstRegistration: 'Ensirekisteröinti', vin: 'Valmistenumero' },
    descriptions: [
      'Tervetuloa koeajolle: {color} {brand} {model} vuodelta {year}.', 'Varusteina muun muassa {eq1} ja {eq2}.',
      'Huollettu huolto-ohjelman mukaisesti ja valmis toimitukseen toimipisteestämme, {city}.', 'Autamme mielellämme rahoituksessa, vakuutuksessa ja vaihtoautossa.',
      'Turvallinen ja mukava auto arkeen ja pitkille matkoille.'],
    sellerTitles: ['Automyyjä', 'Myyntipäällikkö', 'Yritysmyyjä', 'Vaihtoautomyyjä'],
    department: { Sales: 'Myynti', 'Used cars': 'Vaihtoautot', Workshop: 'Huolto', Tires: 'Renkaat', Parts: 'Varaosat', Damage: 'Kolarikorjaamo' },
    services: ['Määräaikaishuolto', 'Rengasvaihto', 'Rengashotelli', 'Ilmastointihuolto', 'Korjaus', 'Pyöränsuuntaus', 'Tuulilasin korjaus'],
    summerClosure: 'Kesäloma',
    kitCategories: ['Kattoboksit ja telineet', 'Vetokoukut', 'Matot ja suojat', 'Lataus', 'Talvipyörät', 'Sisätilat'],
    kitWords: { kit: 'varustepaketti', description: 'Alkuperäisvaruste malleihin {models}. Asennus huollossamme.' },
  },
  nb: {
    fuel: { petrol: 'Bensin', diesel: 'Diesel', electric: 'Elektrisk', hybrid: 'Hybrid', pluginHybrid: 'Ladbar hybrid' },
    gearbox: { automatic: 'Automat', manual: 'Manuell' },
    body: { suv: 'SUV', sedan: 'Sedan', estate: 'Stasjonsvogn', hatchback: 'Kombi 5-dørs', coupe: 'Coupé', convertible: 'Cabriolet', van: 'Varebil', pickup: 'Pickup', mpv: 'Flerbruksbil' },
    drive: { fwd: 'Forhjulsdrift', rwd: 'Bakhjulsdrift', awd: 'Firehjulsdrift' },
    color: { black: 'Svart', white: 'Hvit', silver: 'Sølv', grey: 'Grå', blue: 'Blå', red: 'Rød', green: 'Grønn', brown: 'Brun', beige: 'Beige' },
    describedColor: { black: 'svarte', white: 'hvite', silver: 'sølvfargede', grey: 'grå', blue: 'blå', red: 'røde', green: 'grønne', brown: 'brune', beige: 'beige' },
    condition: { new: 'Ny', used: 'Brukt' },
    vehicleType: { PC: 'Personbil', LCV: 'Varebil' },
    equipment: ['Motorvarmer', 'Navigasjonssystem', 'Ryggekamera', 'Adaptiv cruisekontroll', 'Parkeringssensorer foran og bak', 'Nøkkelfri adgang',
      'Apple CarPlay og Android Auto', 'LED-hovedlys', 'Panoramatak', 'Hengerfeste', 'Skinninteriør', 'Oppvarmet ratt', 'Oppvarmede forseter',
      'Blindsonevarsler', 'Filholder', 'Head-up display', '360° kamera', 'Elektrisk bakluke', '18" lettmetallfelger',
      'Tosone klimaanlegg', 'Trådløs lading', 'Elektriske seter med minne', 'Premium lydanlegg', 'Vinterhjul'],
    technical: { modelYear: 'Årsmodell', mileage: 'Kilometerstand', fuel: 'Drivstoff', gearbox: 'Girkasse', power: 'Effekt', drive: 'Hjuldrift', color: 'Farge', seats: 'Seter',
      doors: 'Dører', engineSize: 'Slagvolum', co2: 'CO₂-utslipp', consumption: 'Forbruk', battery: 'Batterikapasitet', range: 'Rekkevidde',
      registration: 'Registreringsnummer', firstRegistration: 'Første registrering', vin: 'Understellsnummer' },
    descriptions: [
      'Velkommen til prøvekjøring av denne {color} {brand} {model} fra {year}.', 'Bilen er godt utstyrt med blant annet {eq1} og {eq2}.',
      'Servicert etter program og klar for levering fra vår avdeling i {city}.', 'Vi hjelper deg gjerne med finansiering, forsikring og innbytte.',
      'En trygg og komfortabel bil for hverdag og langtur.'],
    sellerTitles: ['Bilselger', 'Salgssjef', 'Bedriftsselger', 'Bruktbilselger'],
    department: { Sales: 'Salg', 'Used cars': 'Bruktbil', Workshop: 'Verksted', Tires: 'Dekk', Parts: 'Deler', Damage: 'Skadesenter' },
    services: ['Service', 'Hjulskift', 'Dekkhotell', 'EU-kontroll', 'Reparasjon', 'Aircondition service', 'Ruteskift'],
    summerClosure: 'Sommerstengt',
    kitCategories: ['Takbokser og stativer', 'Hengerfester', 'Matter og beskyttelse', 'Lading', 'Vinterhjul', 'Interiør'],
    kitWords: { kit: 'tilbehørspakke', description: 'Originalt tilbehør tilpasset {models}. Monteres av vårt verksted.' },
  },
  sk: {
    fuel: { petrol: 'Benzín', diesel: 'Nafta', electric: 'Elektro', hybrid: 'Hybrid', pluginHybrid: 'Plug-in hybrid' },
    gearbox: { automatic: 'Automatická', manual: 'Manuálna' },
    body: { suv: 'SUV', sedan: 'Sedan', estate: 'Kombi', hatchback: 'Hatchback', coupe: 'Kupé', convertible: 'Kabriolet', van: 'Dodávka', pickup: 'Pick-up', mpv: 'MPV' },
    drive: { fwd: 'Predný náhon', rwd: 'Zadný náhon', awd: 'Pohon všetkých kolies' },
    color: { black: 'Čierna', white: 'Biela', silver: 'Strieborná', grey: 'Sivá', blue: 'Modrá', red: 'Červená', green: 'Zelená', brown: 'Hnedá', beige: 'Béžová' },
    describedColor: { black: 'čierne', white: 'biele', silver: 'strieborné', grey: 'sivé', blue: 'modré', red: 'červené', green: 'zelené', brown: 'hnedé', beige: 'béžové' },
    condition: { new: 'Nové', used: 'Jazdené' },
    vehicleType: { PC: 'Osobné vozidlo', LCV: 'Úžitkové vozidlo' },
    equipment: ['Nezávislé kúrenie', 'Navigačný systém', 'Cúvacia kamera', 'Adaptívny tempomat', 'Parkovacie senzory vpredu a vzadu', 'Bezkľúčový prístup',
      'Apple CarPlay a Android Auto', 'LED svetlomety', 'Panoramatická strecha', 'Ťažné zariadenie', 'Kožené čalúnenie', 'Vyhrievaný volant', 'Vyhrievané predné sedadlá',
      'Asistent mŕtveho uhla', 'Asistent udržiavania v jazdnom pruhu', 'Head-up displej', '360° kamera', 'Elektrické piate dvere', '18" disky z ľahkej zliatiny',
      'Dvojzónová klimatizácia', 'Bezdrôtové nabíjanie', 'Elektrické sedadlá s pamäťou', 'Prémiový zvukový systém', 'Zimné kolesá'],
    technical: { modelYear: 'Modelový rok', mileage: 'Počet km', fuel: 'Palivo', gearbox: 'Prevodovka', power: 'Výkon', drive: 'Pohon', color: 'Farba', seats: 'Počet miest',
      doors: 'Počet dverí', engineSize: 'Objem motora', co2: 'Emisie CO₂', consumption: 'Spotreba', battery: 'Kapacita batérie', range: 'Dojazd',
      registration: 'Evidenčné číslo', firstRegistration: 'Prvá registrácia', vin: 'VIN' },
    descriptions: [
      'Pozývame vás na testovaciu jazdu: {color} auto {brand} {model}, rok {year}.', 'Výbava zahŕňa okrem iného {eq1} a {eq2}.',
      'Pravidelne servisované a pripravené na odovzdanie v našej prevádzke v meste {city}.', 'Radi vám pomôžeme s financovaním, poistením aj protiúčtom.',
      'Bezpečné a pohodlné auto na každý deň aj na dlhé cesty.'],
    sellerTitles: ['Predajca vozidiel', 'Vedúci predaja', 'Firemný predajca', 'Predajca jazdených vozidiel'],
    department: { Sales: 'Predaj', 'Used cars': 'Jazdené vozidlá', Workshop: 'Servis', Tires: 'Pneuservis', Parts: 'Náhradné diely', Damage: 'Karosárske centrum' },
    services: ['Servisná prehliadka', 'Prezutie pneumatík', 'Uskladnenie pneumatík', 'Servis klimatizácie', 'Oprava', 'Geometria', 'Výmena skla'],
    summerClosure: 'Celozávodná dovolenka',
    kitCategories: ['Strešné boxy a nosiče', 'Ťažné zariadenia', 'Koberce a ochrana', 'Nabíjanie', 'Zimné kolesá', 'Interiér'],
    kitWords: { kit: 'balík príslušenstva', description: 'Originálne príslušenstvo pre {models}. Montáž v našom servise.' },
  },
  en: {
    fuel: { petrol: 'Petrol', diesel: 'Diesel', electric: 'Electric', hybrid: 'Hybrid', pluginHybrid: 'Plug-in Hybrid' },
    gearbox: { automatic: 'Automatic', manual: 'Manual' },
    body: { suv: 'SUV', sedan: 'Saloon', estate: 'Estate', hatchback: 'Hatchback', coupe: 'Coupe', convertible: 'Convertible', van: 'Van', pickup: 'Pickup', mpv: 'MPV' },
    drive: { fwd: 'Front-wheel drive', rwd: 'Rear-wheel drive', awd: 'All-wheel drive' },
    color: { black: 'Black', white: 'White', silver: 'Silver', grey: 'Grey', blue: 'Blue', red: 'Red', green: 'Green', brown: 'Brown', beige: 'Beige' },
    describedColor: { black: 'black', white: 'white', silver: 'silver', grey: 'grey', blue: 'blue', red: 'red', green: 'green', brown: 'brown', beige: 'beige' },
    condition: { new: 'New', used: 'Used' },
    vehicleType: { PC: 'Car', LCV: 'Light commercial vehicle' },
    equipment: ['Heated front seats', 'Satellite navigation', 'Reversing camera', 'Adaptive cruise control', 'Front and rear parking sensors', 'Keyless entry',
      'Apple CarPlay and Android Auto', 'LED headlights', 'Panoramic roof', 'Tow bar', 'Leather upholstery', 'Heated steering wheel', 'Privacy glass',
      'Blind spot monitor', 'Lane keeping assist', 'Head-up display', '360° camera', 'Power tailgate', '18" alloy wheels',
      'Dual-zone climate control', 'Wireless phone charging', 'Electric memory seats', 'Premium sound system', 'Space-saver spare wheel'],
    technical: { modelYear: 'Model year', mileage: 'Mileage', fuel: 'Fuel type', gearbox: 'Transmission', power: 'Power', drive: 'Drivetrain', color: 'Colour', seats: 'Seats',
      doors: 'Doors', engineSize: 'Engine size', co2: 'CO₂ emissions', consumption: 'Fuel consumption', battery: 'Battery capacity', range: 'Range',
      registration: 'Registration', firstRegistration: 'First registered', vin: 'VIN' },
    descriptions: [
      'Book a test drive in this {color} {brand} {model} from {year}.', 'It comes well equipped, including {eq1} and {eq2}.',
      'Fully serviced and ready for delivery from our {city} showroom.', 'Ask us about finance, insurance and part exchange.',
      'A safe and comfortable car for the school run and the long drive alike.'],
    sellerTitles: ['Sales Executive', 'Sales Manager', 'Business Sales Executive', 'Used Car Specialist'],
    department: { Sales: 'Sales', 'Used cars': 'Used cars', Workshop: 'Service', Tires: 'Tyres', Parts: 'Parts', Damage: 'Bodyshop' },
    services: ['Service', 'MOT', 'Tyre change', 'Air conditioning service', 'Repairs', 'Wheel alignment', 'Windscreen repair'],
    summerClosure: 'Bank holiday closure',
    kitCategories: ['Roof boxes and racks', 'Tow bars', 'Mats and protection', 'Charging', 'Winter wheels', 'Interior'],
    kitWords: { kit: 'accessory pack', description: 'Genuine accessory for the {models}. Fitted by our service team.' },
  },
};
