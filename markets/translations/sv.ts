/**
 * Swedish: the reference dictionary. Its keys are the keys every other language must have
 * (the type checker and test/unit/translations.test.ts both enforce it).
 * Strings quoted by the specification are copied exactly.
 */
export const sv = {
  'layout.skipToContent': 'Hoppa till innehållet',
  'layout.mainNavigation': 'Huvudmeny',
  'layout.homeLink': 'Till startsidan',
  'layout.footerHeading': 'Sidfot',
  'layout.footerBrands': 'Våra bilmärken',
  'layout.scrollToTop': 'Till toppen',
  'layout.language': 'Språk',
  'layout.menu': 'Meny',
  'layout.closeMenu': 'Stäng menyn',
  'layout.allIn': 'Allt om {section}',
  'layout.opensInNewWindow': '(öppnas i ett nytt fönster)',
  'layout.alertDismiss': 'Stäng meddelandet',
  'layout.alertRegion': 'Viktigt meddelande',
  'page.homeTitle': 'Bilar, service och verkstad',
  'page.homeDescription': 'Nya och begagnade bilar, service, däck och verkstad hos {site}.',
  'page.homeHeading': 'Välkommen till {site}',
  'page.homeIntro': 'Hitta din nästa bil bland tusentals bilar i lager, boka service och hitta din närmaste anläggning.',
  'page.browseCars': 'Visa bilar i lager',
  'page.findSite': 'Hitta anläggning',
  'demo.title': 'Interaktiv demo',
  'demo.intro': 'En liten interaktiv del av sidan som körs i webbläsaren.',
  'demo.counterLabel': 'Antal klick',
  'demo.increment': 'Öka',
  'demo.decrement': 'Minska',
  'block.heroSearchLabel': 'Sök bil',
  'block.heroSearchButton': 'Sök',
  'block.faqHeading': 'Vanliga frågor',
  'error.notFoundTitle': 'Sidan hittades inte',
  'error.notFoundText': 'Sidan du letar efter finns inte eller har flyttats.',
  'error.serverTitle': 'Något gick fel',
  'error.serverText': 'Något gick fel, försök igen.',
  'error.sectionTitle': 'Aj då',
  'error.sectionReload': 'Ladda om sidan',
  'error.carListError': 'Något gick fel när bilarna skulle hämtas. Försök igen.',
  'error.noSearchResults': 'Inga bilar matchade din sökning.',
  'error.carDetailFormError': 'Meddelandet kunde inte skickas. Försök igen senare.',
  'error.sellCarFormError': 'Något gick fel, försök igen.',
  // ---- layout and blocks (blocks.*) ----
  // ---- stories, sites and kits (pages.*) ----
  // ---- car list (carList.*) ----
  // ---- car detail, contact form and compare (carDetail.*) ----
  // ---- language, SEO and editing (seo.*) ----
} as const;

export type TranslationKey = keyof typeof sv;
export type Dictionary = Record<TranslationKey, string>;
