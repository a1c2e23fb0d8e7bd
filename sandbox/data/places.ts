import { distanceKm, foldForSearch } from './deterministic.js';
import type { Place } from '../../contracts/upstream/maps.js';

/**
 * Real Swedish localities (coordinates to about a kilometre) for place search. Geography is not
 * seeded: the same input must always find Malmö. Grouped by county ('län').
 */
const PLACES_BY_REGION: Record<string, [name: string, latitude: number, longitude: number][]> = {
  'Stockholms län': [
    ['Stockholm', 59.3293, 18.0686],
    ['Södermalm', 59.3126, 18.0717],
    ['Kungsholmen', 59.3322, 18.0307],
    ['Vasastan', 59.3449, 18.0475],
    ['Östermalm', 59.3383, 18.0894],
    ['Bromma', 59.3383, 17.9397],
    ['Solna', 59.36, 18.0009],
    ['Sundbyberg', 59.3612, 17.972],
    ['Nacka', 59.3105, 18.1637],
    ['Huddinge', 59.2371, 17.9819],
    ['Täby', 59.4439, 18.0687],
    ['Danderyd', 59.4, 18.0333],
    ['Lidingö', 59.3667, 18.1333],
    ['Södertälje', 59.1955, 17.6253],
    ['Järfälla', 59.4233, 17.835],
    ['Sollentuna', 59.428, 17.9508],
    ['Upplands Väsby', 59.5184, 17.9113],
    ['Vallentuna', 59.5344, 18.0776],
    ['Norrtälje', 59.758, 18.7049],
    ['Haninge', 59.1687, 18.1374],
    ['Tyresö', 59.2441, 18.229],
    ['Gustavsberg', 59.326, 18.389],
    ['Tumba', 59.1996, 17.833],
    ['Åkersberga', 59.4794, 18.2997],
    ['Nynäshamn', 58.9034, 17.9479],
    ['Sigtuna', 59.6173, 17.7236],
    ['Märsta', 59.6217, 17.8548],
    ['Ekerö', 59.2912, 17.8106],
    ['Vaxholm', 59.4024, 18.3515],
    ['Skärholmen', 59.277, 17.907],
    ['Hägersten', 59.298, 17.979],
    ['Farsta', 59.2437, 18.0893],
    ['Vällingby', 59.3631, 17.8721],
    ['Kista', 59.4032, 17.9445],
    ['Spånga', 59.383, 17.899],
  ],
  'Uppsala län': [
    ['Uppsala', 59.8586, 17.6389],
    ['Enköping', 59.6361, 17.0777],
    ['Östhammar', 60.2586, 18.3718],
    ['Tierp', 60.3453, 17.5162],
    ['Knivsta', 59.7256, 17.7866],
    ['Skutskär', 60.6283, 17.4133],
    ['Bålsta', 59.568, 17.5278],
    ['Gimo', 60.1784, 18.1832],
  ],
  'Södermanlands län': [
    ['Eskilstuna', 59.3712, 16.5098],
    ['Nyköping', 58.753, 17.0079],
    ['Katrineholm', 58.9959, 16.2072],
    ['Strängnäs', 59.3774, 17.0312],
    ['Flen', 59.058, 16.5887],
    ['Oxelösund', 58.6701, 17.1013],
    ['Trosa', 58.896, 17.5496],
    ['Gnesta', 59.0486, 17.3117],
    ['Vingåker', 59.0435, 15.8739],
  ],
  'Östergötlands län': [
    ['Linköping', 58.4108, 15.6214],
    ['Norrköping', 58.5877, 16.1924],
    ['Motala', 58.5371, 15.0365],
    ['Mjölby', 58.3251, 15.1311],
    ['Finspång', 58.7057, 15.7674],
    ['Vadstena', 58.4486, 14.8903],
    ['Söderköping', 58.4805, 16.3233],
    ['Åtvidaberg', 58.2016, 16.0005],
    ['Valdemarsvik', 58.2021, 16.6013],
    ['Kisa', 57.9881, 15.6331],
  ],
  'Jönköpings län': [
    ['Jönköping', 57.7826, 14.1618],
    ['Huskvarna', 57.7859, 14.2763],
    ['Värnamo', 57.186, 14.04],
    ['Nässjö', 57.6531, 14.6968],
    ['Vetlanda', 57.4276, 15.0777],
    ['Gislaved', 57.3045, 13.5406],
    ['Tranås', 58.0372, 14.9782],
    ['Eksjö', 57.6664, 14.9722],
    ['Sävsjö', 57.4024, 14.664],
    ['Vaggeryd', 57.498, 14.1475],
    ['Gränna', 58.0259, 14.4617],
  ],
  'Kronobergs län': [
    ['Växjö', 56.8777, 14.8091],
    ['Ljungby', 56.8336, 13.9408],
    ['Älmhult', 56.5506, 14.1374],
    ['Alvesta', 56.899, 14.5559],
    ['Tingsryd', 56.525, 14.9794],
    ['Markaryd', 56.4613, 13.5964],
    ['Lessebo', 56.7509, 15.2695],
  ],
  'Kalmar län': [
    ['Kalmar', 56.6634, 16.3568],
    ['Västervik', 57.7577, 16.637],
    ['Oskarshamn', 57.2645, 16.4484],
    ['Nybro', 56.7445, 15.906],
    ['Vimmerby', 57.6654, 15.8556],
    ['Borgholm', 56.8794, 16.6564],
    ['Emmaboda', 56.6313, 15.5372],
    ['Hultsfred', 57.4883, 15.8425],
    ['Mönsterås', 57.041, 16.4445],
    ['Torsås', 56.4136, 15.9985],
  ],
  'Gotlands län': [
    ['Visby', 57.6348, 18.2948],
    ['Hemse', 57.239, 18.3744],
    ['Slite', 57.7059, 18.8003],
    ['Klintehamn', 57.3877, 18.2022],
  ],
  'Blekinge län': [
    ['Karlskrona', 56.1612, 15.5869],
    ['Karlshamn', 56.1703, 14.8631],
    ['Ronneby', 56.2094, 15.276],
    ['Sölvesborg', 56.0505, 14.5857],
    ['Olofström', 56.2774, 14.5332],
  ],
  'Skåne län': [
    ['Malmö', 55.605, 13.0038],
    ['Helsingborg', 56.0465, 12.6945],
    ['Lund', 55.7047, 13.191],
    ['Kristianstad', 56.0294, 14.1567],
    ['Landskrona', 55.8708, 12.8302],
    ['Trelleborg', 55.3751, 13.1569],
    ['Ängelholm', 56.2428, 12.8622],
    ['Hässleholm', 56.1589, 13.7668],
    ['Ystad', 55.4295, 13.8204],
    ['Eslöv', 55.8392, 13.3034],
    ['Höganäs', 56.1996, 12.5577],
    ['Staffanstorp', 55.6426, 13.2063],
    ['Vellinge', 55.4715, 13.02],
    ['Lomma', 55.6722, 13.0698],
    ['Arlöv', 55.6372, 13.0755],
    ['Svedala', 55.5079, 13.2349],
    ['Höör', 55.9371, 13.5425],
    ['Hörby', 55.8553, 13.6614],
    ['Simrishamn', 55.5565, 14.3502],
    ['Sjöbo', 55.6311, 13.7027],
    ['Båstad', 56.4265, 12.8511],
    ['Klippan', 56.1344, 13.1304],
    ['Åstorp', 56.1344, 12.9449],
    ['Bjuv', 56.0842, 12.9189],
    ['Osby', 56.3803, 13.9932],
    ['Tomelilla', 55.5443, 13.9535],
    ['Skurup', 55.4787, 13.5001],
    ['Kävlinge', 55.7932, 13.1133],
    ['Perstorp', 56.1378, 13.3962],
    ['Örkelljunga', 56.2834, 13.2802],
    ['Limhamn', 55.582, 12.929],
    ['Rosengård', 55.5836, 13.044],
  ],
  'Hallands län': [
    ['Halmstad', 56.6745, 12.8578],
    ['Varberg', 57.1057, 12.2502],
    ['Kungsbacka', 57.4872, 12.0761],
    ['Falkenberg', 56.9055, 12.4912],
    ['Laholm', 56.5123, 13.0448],
    ['Hyltebruk', 56.9949, 13.2395],
    ['Onsala', 57.4166, 12.0166],
    ['Tvååker', 57.0423, 12.403],
  ],
  'Västra Götalands län': [
    ['Göteborg', 57.7089, 11.9746],
    ['Hisingen', 57.73, 11.93],
    ['Mölndal', 57.6554, 12.0138],
    ['Partille', 57.7395, 12.1064],
    ['Kungälv', 57.8706, 11.9805],
    ['Lerum', 57.7705, 12.269],
    ['Alingsås', 57.9303, 12.5334],
    ['Borås', 57.721, 12.9401],
    ['Trollhättan', 58.2837, 12.2886],
    ['Vänersborg', 58.3807, 12.3234],
    ['Uddevalla', 58.3498, 11.9424],
    ['Skövde', 58.3903, 13.8461],
    ['Lidköping', 58.5052, 13.1577],
    ['Falköping', 58.1745, 13.5524],
    ['Mariestad', 58.7097, 13.8237],
    ['Stenungsund', 58.0705, 11.8181],
    ['Kungshamn', 58.3625, 11.2562],
    ['Lysekil', 58.2743, 11.4358],
    ['Strömstad', 58.9395, 11.1712],
    ['Ulricehamn', 57.7916, 13.4186],
    ['Kinna', 57.5095, 12.6941],
    ['Tidaholm', 58.1815, 13.9559],
    ['Skara', 58.386, 13.4385],
    ['Götene', 58.5276, 13.4923],
    ['Åmål', 59.0513, 12.7037],
    ['Mölnlycke', 57.6586, 12.1169],
    ['Landvetter', 57.6883, 12.2083],
    ['Öckerö', 57.7096, 11.6506],
    ['Skärhamn', 58.0233, 11.5486],
    ['Henån', 58.237, 11.6733],
    ['Vara', 58.2615, 12.9559],
    ['Herrljunga', 58.0794, 13.0236],
    ['Hjo', 58.3044, 14.2862],
    ['Tibro', 58.4245, 14.1581],
    ['Töreboda', 58.7066, 14.124],
    ['Lilla Edet', 58.1334, 12.1225],
    ['Nödinge', 57.8936, 12.0703],
    ['Bengtsfors', 59.0306, 12.2261],
    ['Tanumshede', 58.7237, 11.3258],
  ],
  'Värmlands län': [
    ['Karlstad', 59.3793, 13.5036],
    ['Kristinehamn', 59.3098, 14.1081],
    ['Arvika', 59.6553, 12.5852],
    ['Säffle', 59.1325, 12.9302],
    ['Hagfors', 60.0333, 13.695],
    ['Sunne', 59.8367, 13.1432],
    ['Torsby', 60.1365, 12.9963],
    ['Filipstad', 59.7128, 14.1684],
    ['Kil', 59.5031, 13.3191],
    ['Forshaga', 59.534, 13.4797],
    ['Grums', 59.3519, 13.1101],
    ['Årjäng', 59.3911, 12.1339],
  ],
  'Örebro län': [
    ['Örebro', 59.2753, 15.2134],
    ['Karlskoga', 59.3267, 14.5239],
    ['Kumla', 59.1277, 15.1434],
    ['Hallsberg', 59.0665, 15.1099],
    ['Lindesberg', 59.5939, 15.2304],
    ['Nora', 59.5196, 15.0393],
    ['Askersund', 58.8803, 14.9023],
    ['Degerfors', 59.2375, 14.4307],
    ['Hällefors', 59.7804, 14.5225],
    ['Laxå', 58.9853, 14.6205],
  ],
  'Västmanlands län': [
    ['Västerås', 59.6099, 16.5448],
    ['Köping', 59.514, 15.9926],
    ['Sala', 59.9199, 16.6066],
    ['Fagersta', 60.0042, 15.7932],
    ['Arboga', 59.3939, 15.8388],
    ['Hallstahammar', 59.6139, 16.2286],
    ['Kungsör', 59.4223, 16.0963],
    ['Norberg', 60.0657, 15.9257],
    ['Surahammar', 59.7095, 16.2226],
  ],
  'Dalarnas län': [
    ['Falun', 60.6065, 15.6355],
    ['Borlänge', 60.4858, 15.4371],
    ['Mora', 61.0048, 14.5372],
    ['Ludvika', 60.1496, 15.1878],
    ['Avesta', 60.1455, 16.1679],
    ['Leksand', 60.7307, 14.9994],
    ['Rättvik', 60.8865, 15.1187],
    ['Säter', 60.3466, 15.75],
    ['Hedemora', 60.2793, 15.9877],
    ['Smedjebacken', 60.1408, 15.4128],
    ['Malung', 60.6858, 13.7192],
    ['Sälen', 61.1597, 13.265],
    ['Orsa', 61.12, 14.6167],
    ['Älvdalen', 61.227, 14.0395],
  ],
  'Gävleborgs län': [
    ['Gävle', 60.6749, 17.1413],
    ['Sandviken', 60.6167, 16.776],
    ['Hudiksvall', 61.729, 17.1036],
    ['Bollnäs', 61.3482, 16.3946],
    ['Söderhamn', 61.3037, 17.0592],
    ['Ljusdal', 61.829, 16.0872],
    ['Edsbyn', 61.377, 15.816],
    ['Ockelbo', 60.891, 16.7176],
    ['Hofors', 60.5466, 16.2874],
    ['Järvsö', 61.7159, 16.1696],
  ],
  'Västernorrlands län': [
    ['Sundsvall', 62.3908, 17.3069],
    ['Härnösand', 62.6323, 17.9379],
    ['Örnsköldsvik', 63.2909, 18.7153],
    ['Sollefteå', 63.1667, 17.2667],
    ['Kramfors', 62.931, 17.7765],
    ['Timrå', 62.4868, 17.3257],
    ['Ånge', 62.5245, 15.6593],
  ],
  'Jämtlands län': [
    ['Östersund', 63.1792, 14.6357],
    ['Åre', 63.399, 13.0815],
    ['Strömsund', 63.8516, 15.5574],
    ['Sveg', 62.0345, 14.3573],
    ['Krokom', 63.3258, 14.4556],
    ['Järpen', 63.3484, 13.4717],
    ['Hammarstrand', 63.1074, 16.3464],
    ['Brunflo', 63.0756, 14.8213],
  ],
  'Västerbottens län': [
    ['Umeå', 63.8258, 20.263],
    ['Skellefteå', 64.7507, 20.9528],
    ['Lycksele', 64.5954, 18.6735],
    ['Vilhelmina', 64.6242, 16.6553],
    ['Storuman', 65.0964, 17.112],
    ['Vindeln', 64.2014, 19.7187],
    ['Robertsfors', 64.192, 20.85],
    ['Nordmaling', 63.5689, 19.5026],
    ['Vännäs', 63.9078, 19.7544],
    ['Sorsele', 65.535, 17.533],
    ['Malå', 65.1842, 18.7424],
  ],
  'Norrbottens län': [
    ['Luleå', 65.5848, 22.1547],
    ['Piteå', 65.3172, 21.4794],
    ['Boden', 65.8252, 21.6886],
    ['Kiruna', 67.8558, 20.2253],
    ['Gällivare', 67.1339, 20.6528],
    ['Kalix', 65.8535, 23.1429],
    ['Haparanda', 65.8355, 24.1368],
    ['Älvsbyn', 65.6771, 21.003],
    ['Arvidsjaur', 65.5924, 19.18],
    ['Jokkmokk', 66.6066, 19.8229],
    ['Överkalix', 66.3272, 22.8453],
    ['Pajala', 67.2131, 23.3669],
    ['Arjeplog', 66.0517, 17.8864],
  ],
};

interface IndexedPlace extends Place {
  /** Folded name words, for prefix matching. */
  words: string[];
  foldedName: string;
}

function placeIdOf(name: string, region: string): string {
  const slug = (text: string) =>
    foldForSearch(text)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `se-${slug(region.replace(/ län$/, ''))}-${slug(name)}`;
}

export const SWEDISH_PLACES: readonly IndexedPlace[] = Object.entries(PLACES_BY_REGION).flatMap(([region, places]) =>
  places.map(([name, latitude, longitude]) => ({
    name,
    placeId: placeIdOf(name, region),
    latitude,
    longitude,
    region,
    foldedName: foldForSearch(name),
    words: foldForSearch(name).split(/[\s-]+/),
  })),
);

const placesById = new Map(SWEDISH_PLACES.map((place) => [place.placeId, place]));

function publicPlace({ name, placeId, latitude, longitude, region }: IndexedPlace): Place {
  return { name, placeId, latitude, longitude, region };
}

export function findPlace(placeId: string): Place | undefined {
  const place = placesById.get(placeId);
  return place && publicPlace(place);
}

/** Name prefix first, then a word of the name, then the county; alphabetical within a rank. */
export function autocompletePlaces(input: string, limit = 5): Place[] {
  const needle = foldForSearch(input.trim());
  const rank = (place: IndexedPlace): number => {
    if (place.foldedName.startsWith(needle)) return 0;
    if (place.words.some((word) => word.startsWith(needle))) return 1;
    if (foldForSearch(place.region).startsWith(needle)) return 2;
    return -1;
  };
  return SWEDISH_PLACES.map((place) => ({ place, rank: rank(place) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.place.name.localeCompare(b.place.name, 'sv'))
    .slice(0, limit)
    .map(({ place }) => publicPlace(place));
}

export function nearestPlace(point: { latitude: number; longitude: number }): { place: Place; distanceKm: number } {
  let best: { place: IndexedPlace; distanceKm: number } | undefined;
  for (const place of SWEDISH_PLACES) {
    const distance = distanceKm(point, place);
    if (!best || distance < best.distanceKm) best = { place, distanceKm: distance };
  }
  if (!best) throw new Error('no places');
  return { place: publicPlace(best.place), distanceKm: Math.round(best.distanceKm * 10) / 10 };
}
