import type { Dictionary } from './sv.js';

export const fi: Dictionary = {
  'layout.skipToContent': 'Siirry sisältöön',
  'layout.mainNavigation': 'Päävalikko',
  'layout.homeLink': 'Etusivulle',
  'layout.footerHeading': 'Alatunniste',
  'layout.footerBrands': 'Automerkkimme',
  'layout.scrollToTop': 'Takaisin ylös',
  'layout.language': 'Kieli',
  'layout.menu': 'Valikko',
  'layout.closeMenu': 'Sulje valikko',
  'layout.allIn': 'Kaikki: {section}',
  'layout.opensInNewWindow': '(avautuu uuteen ikkunaan)',
  'layout.alertDismiss': 'Sulje ilmoitus',
  'layout.alertRegion': 'Tärkeä ilmoitus',
  'page.homeTitle': 'Autot, huolto ja korjaamo',
  'page.homeDescription': 'Uudet ja käytetyt autot, huolto, renkaat ja korjaamo – {site}.',
  'page.homeHeading': 'Tervetuloa – {site}',
  'page.homeIntro': 'Löydä seuraava autosi tuhansien varastoautojen joukosta, varaa huolto ja löydä lähin toimipiste.',
  'page.browseCars': 'Näytä varastoautot',
  'page.findSite': 'Löydä toimipiste',
  'demo.title': 'Interaktiivinen esittely',
  'demo.intro': 'Pieni interaktiivinen osa sivua, joka toimii selaimessa.',
  'demo.counterLabel': 'Napsautuksia',
  'demo.increment': 'Lisää',
  'demo.decrement': 'Vähennä',
  'block.heroSearchLabel': 'Hae autoa',
  'block.heroSearchButton': 'Hae',
  'block.faqHeading': 'Usein kysytyt kysymykset',
  'error.notFoundTitle': 'Sivua ei löytynyt',
  'error.notFoundText': 'Etsimääsi sivua ei ole tai se on siirretty.',
  'error.serverTitle': 'Jokin meni vikaan',
  'error.serverText': 'Jokin meni vikaan, yritä uudelleen.',
  'error.sectionTitle': 'Hups',
  'error.sectionReload': 'Lataa sivu uudelleen',
  'error.carListError': 'Autojen haku epäonnistui. Yritä uudelleen.',
  'error.noSearchResults': 'Hakuasi vastaavia autoja ei löytynyt.',
  'error.carDetailFormError': 'Viestiä ei voitu lähettää. Yritä myöhemmin uudelleen.',
  'error.sellCarFormError': 'Jokin meni vikaan, yritä uudelleen.',
  // ---- layout and blocks (blocks.*) ----
  // ---- stories, sites and kits (pages.*) ----
  // ---- car list (carList.*) ----
  // ---- car detail, contact form and compare (carDetail.*) ----
  // ---- language, SEO and editing (seo.*) ----
};
