import { marketById } from '../../markets/registry.js';
import { sandboxDataset } from '../../sandbox/data/dataset.js';
import { generateSiteContent } from '../../sandbox/data/content/site-content.js';
import { VOCABULARIES } from '../../sandbox/data/vocabulary.js';

const anchor = new Date(Date.UTC(2026, 0, 1));
const data = sandboxDataset(1, anchor);
const firstSentences = (market: 'se' | 'no' | 'sk') =>
  data.cars.get(market)!.map((car) => car.car_description.split('. ')[0]!);

describe('the sandbox writes as a dealer would', () => {
  it('a description\'s colour agrees with what follows it: "denna vita Volvo", "denne svarte", "hnedé auto"', () => {
    const swedish = firstSentences('se');
    expect(swedish.some((s) => s.includes('denna vita '))).toBe(true);
    expect(swedish.filter((s) => /denna (vit|svart|röd|grön|brun|silver) /.test(s))).toEqual([]);
    const norwegian = firstSentences('no');
    expect(norwegian.some((s) => s.includes('denne svarte '))).toBe(true);
    expect(norwegian.filter((s) => /denne (hvit|svart|rød|grønn|brun|sølv) /.test(s))).toEqual([]);
    const slovak = firstSentences('sk');
    expect(slovak.some((s) => /: hnedé auto \S/.test(s))).toBe(true);
    // Slovak's colour words in the document are feminine ('Hnedá'); beside a car they agree with 'auto'.
    expect(
      slovak.filter((s) => new RegExp(`: (${Object.values(VOCABULARIES.sk.color).join('|')}) `, 'i').test(s)),
    ).toEqual([]);
  });

  it('names in a description keep their capitals ("Apple CarPlay"), common words start small', () => {
    const all = [...data.cars.values()]
      .flat()
      .map((car) => car.car_description)
      .join(' ');
    expect(all).not.toMatch(/apple carplay/);
    expect(all).toMatch(/ backkamera/);
  });

  it('the Finnish documents in Swedish name the Swedish way: Åbo, C-klass, the Swedish finance provider', () => {
    const sites = data.translated
      .get('sites-fi')!
      .sv!.map((site) => ('site_official_name' in site ? site.site_official_name : ''));
    expect(sites).toContain('Hedin Bil Åbo');
    expect(sites.join(' ')).not.toMatch(/Turku|Helsinki/);
    // What a shopper reads of the cars (the slug, an address, stays the same in both languages).
    const cars = JSON.stringify(
      data.translated.get('cars-fi')!.sv!.map((car) => ('car_model' in car ? { ...car, slug: '' } : car)),
    );
    expect(cars).toContain('"car_model":"C-klass"');
    expect(cars).not.toMatch(/-sarja|pitkä|Rahoitus|"car_city":"Turku"/);
    const kits = JSON.stringify(data.translated.get('kits-fi')!.sv);
    expect(kits).not.toMatch(/-sarja|Kattoboksi|Talvipyörät/);
  });

  it("the Däckhotell page asks the tire hotel's questions, and names the market's own address", () => {
    const page = [...generateSiteContent(marketById('se'), [], anchor).byLanguage.get('sv')!.pages.values()].find((p) =>
      p.blocks.some((b) => b.type === 'tireHotel'),
    )!;
    const faq = page.blocks.find((b) => b.type === 'accordion');
    const questions = faq && faq.type === 'accordion' ? faq.items.map((item) => item.question).join(' ') : '';
    expect(questions).toMatch(/däck/i);
    expect(questions).not.toMatch(/provkör|inbyte/i);
    const flow = page.blocks.find((b) => b.type === 'tireHotel');
    expect(flow && flow.type === 'tireHotel' ? flow.contactEmail : '').toBe('dackhotell@hedinautomotive.se');
  });
});
