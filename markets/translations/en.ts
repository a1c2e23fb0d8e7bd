import type { Dictionary } from './sv.js';

export const en: Dictionary = {
  'layout.skipToContent': 'Skip to content',
  'layout.mainNavigation': 'Main menu',
  'layout.homeLink': 'To the home page',
  'layout.footerHeading': 'Footer',
  'layout.footerBrands': 'Our brands',
  'layout.scrollToTop': 'Back to top',
  'layout.language': 'Language',
  'layout.menu': 'Menu',
  'layout.closeMenu': 'Close menu',
  'layout.allIn': 'All of {section}',
  'layout.opensInNewWindow': '(opens in a new window)',
  'layout.alertDismiss': 'Dismiss the message',
  'layout.alertRegion': 'Important message',
  'page.homeTitle': 'Cars, servicing and parts',
  'page.homeDescription': 'New and used cars, servicing, tyres and bodyshop at {site}.',
  'page.homeHeading': 'Welcome to {site}',
  'page.homeIntro': 'Find your next car among thousands in stock, book a service and find your nearest dealership.',
  'page.browseCars': 'Browse cars in stock',
  'page.findSite': 'Find a dealership',
  'demo.title': 'Interactive demo',
  'demo.intro': 'A small interactive part of the page that runs in the browser.',
  'demo.counterLabel': 'Clicks',
  'demo.increment': 'Increase',
  'demo.decrement': 'Decrease',
  'block.heroSearchLabel': 'Search cars',
  'block.heroSearchButton': 'Search',
  'block.faqHeading': 'Frequently asked questions',
  'error.notFoundTitle': 'Page not found',
  'error.notFoundText': 'The page you are looking for does not exist or has moved.',
  'error.serverTitle': 'Something went wrong',
  'error.serverText': 'Something went wrong, please try again.',
  'error.sectionTitle': 'Oops',
  'error.sectionReload': 'Reload the page',
  'error.carListError': 'Something went wrong while fetching the cars. Please try again.',
  'error.noSearchResults': 'No cars matched your search.',
  'error.carDetailFormError': 'Your message could not be sent. Please try again later.',
  'error.sellCarFormError': 'Something went wrong, please try again.',
  // ---- layout and blocks (blocks.*) ----
  // ---- stories, sites and kits (pages.*) ----
  // ---- car list (carList.*) ----
  // ---- car detail, contact form and compare (carDetail.*) ----
  // ---- language, SEO and editing (seo.*) ----
};
