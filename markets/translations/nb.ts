import type { Dictionary } from './sv.js';

export const nb: Dictionary = {
  'layout.skipToContent': 'Hopp til innholdet',
  'layout.mainNavigation': 'Hovedmeny',
  'layout.homeLink': 'Til forsiden',
  'layout.footerHeading': 'Bunntekst',
  'layout.footerBrands': 'Våre bilmerker',
  'layout.scrollToTop': 'Til toppen',
  'layout.language': 'Språk',
  'layout.menu': 'Meny',
  'layout.closeMenu': 'Lukk menyen',
  'layout.allIn': 'Alt om {section}',
  'layout.opensInNewWindow': '(åpnes i et nytt vindu)',
  'layout.alertDismiss': 'Lukk meldingen',
  'layout.alertRegion': 'Viktig melding',
  'page.homeTitle': 'Biler, service og verksted',
  'page.homeDescription': 'Nye og brukte biler, service, dekk og verksted hos {site}.',
  'page.homeHeading': 'Velkommen til {site}',
  'page.homeIntro': 'Finn din neste bil blant tusenvis av biler på lager, bestill service og finn nærmeste forhandler.',
  'page.browseCars': 'Se biler på lager',
  'page.findSite': 'Finn forhandler',
  'demo.title': 'Interaktiv demo',
  'demo.intro': 'En liten interaktiv del av siden som kjører i nettleseren.',
  'demo.counterLabel': 'Antall klikk',
  'demo.increment': 'Øk',
  'demo.decrement': 'Reduser',
  'block.heroSearchLabel': 'Søk etter bil',
  'block.heroSearchButton': 'Søk',
  'block.faqHeading': 'Ofte stilte spørsmål',
  'error.notFoundTitle': 'Siden ble ikke funnet',
  'error.notFoundText': 'Siden du leter etter finnes ikke eller er flyttet.',
  'error.serverTitle': 'Noe gikk galt',
  'error.serverText': 'Noe gikk galt, vennligst prøv igjen senere.',
  'error.sectionTitle': 'Oi da',
  'error.sectionReload': 'Last inn siden på nytt',
  'error.carListError': 'Noe gikk galt da bilene skulle hentes. Prøv igjen.',
  'error.noSearchResults': 'Ingen biler passet søket ditt.',
  'error.carDetailFormError': 'Meldingen kunne ikke sendes. Prøv igjen senere.',
  'error.sellCarFormError': 'Noe gikk galt, vennligst prøv igjen senere.',
  // ---- layout and blocks (blocks.*) ----
  // ---- stories, sites and kits (pages.*) ----
  // ---- car list (carList.*) ----
  // ---- car detail, contact form and compare (carDetail.*) ----
  // ---- language, SEO and editing (seo.*) ----
};
