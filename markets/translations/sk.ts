import type { Dictionary } from './sv.js';

export const sk: Dictionary = {
  'layout.skipToContent': 'Preskočiť na obsah',
  'layout.mainNavigation': 'Hlavné menu',
  'layout.homeLink': 'Na úvodnú stránku',
  'layout.footerHeading': 'Päta stránky',
  'layout.footerBrands': 'Naše značky',
  'layout.scrollToTop': 'Na začiatok',
  'layout.language': 'Jazyk',
  'layout.menu': 'Menu',
  'layout.closeMenu': 'Zavrieť menu',
  'layout.allIn': 'Všetko: {section}',
  'layout.opensInNewWindow': '(otvorí sa v novom okne)',
  'layout.alertDismiss': 'Zavrieť oznámenie',
  'layout.alertRegion': 'Dôležité oznámenie',
  'page.homeTitle': 'Autá, servis a dielňa',
  'page.homeDescription': 'Nové a jazdené autá, servis, pneumatiky a dielňa – {site}.',
  'page.homeHeading': 'Vitajte v {site}',
  'page.homeIntro': 'Nájdite svoje ďalšie auto spomedzi tisícok áut na sklade, objednajte servis a nájdite najbližšiu pobočku.',
  'page.browseCars': 'Zobraziť autá na sklade',
  'page.findSite': 'Nájsť pobočku',
  'demo.title': 'Interaktívna ukážka',
  'demo.intro': 'Malá interaktívna časť stránky, ktorá beží v prehliadači.',
  'demo.counterLabel': 'Počet kliknutí',
  'demo.increment': 'Pridať',
  'demo.decrement': 'Ubrať',
  'block.heroSearchLabel': 'Hľadať auto',
  'block.heroSearchButton': 'Hľadať',
  'block.faqHeading': 'Často kladené otázky',
  'error.notFoundTitle': 'Stránka sa nenašla',
  'error.notFoundText': 'Stránka, ktorú hľadáte, neexistuje alebo bola presunutá.',
  'error.serverTitle': 'Niečo sa pokazilo',
  'error.serverText': 'Niečo sa pokazilo, skúste to znova.',
  'error.sectionTitle': 'Ojoj',
  'error.sectionReload': 'Obnoviť stránku',
  'error.carListError': 'Autá sa nepodarilo načítať. Skúste to znova.',
  'error.noSearchResults': 'Vášmu vyhľadávaniu nezodpovedajú žiadne autá.',
  'error.carDetailFormError': 'Správu sa nepodarilo odoslať. Skúste to neskôr.',
  'error.sellCarFormError': 'Niečo sa pokazilo, skúste to znova.',
  // ---- layout and blocks (blocks.*) ----
  // ---- stories, sites and kits (pages.*) ----
  // ---- car list (carList.*) ----
  // ---- car detail, contact form and compare (carDetail.*) ----
  // ---- language, SEO and editing (seo.*) ----
};
