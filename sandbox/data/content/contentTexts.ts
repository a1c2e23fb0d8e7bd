/** Keys of the navigation tree (navigation.ts); each has a label and a URL slug per language. */
export const NAV_KEYS = [
  'buyCar',
  'carSearch',
  'finance',
  'carLoan',
  'privateLeasing',
  'companyLeasing',
  'campaigns',
  'accessories',
  'service',
  'bookService',
  'tires',
  'tireHotel',
  'wheelChange',
  'damage',
  'stories',
  'sites',
  'about',
  'contact',
  'faq',
  'careers',
  'press',
  'sustainability',
  'report',
  'sellCar',
  'mcWorkshop',
] as const;
export type NavKey = (typeof NAV_KEYS)[number];

interface TitledText {
  title: string;
  text: string;
}

/** Everything the content generators say, in one language. `{label}` is filled with the page's name. */
export interface ContentTexts {
  languageName: string;
  nav: Record<NavKey, { label: string; slug: string; menuTitle?: string }>;
  home: { title: string; heroTitle: string; heroText: string; searchPlaceholder: string; description: string };
  /** '{label}: …' with the page's name as written in the menu: a name is not always a noun ('Hitta oss', 'Om oss'). */
  pageLead: string;
  readMore: string;
  carousel: TitledText[];
  highlights: TitledText[];
  teasers: { latest: string; selected: string; electric: string; allCars: string };
  blurb: TitledText;
  storiesTitle: string;
  sitesTitle: string;
  allSites: string;
  countdown: TitledText;
  faqTitle: string;
  faq: { question: string; answer: string }[];
  videoTitle: string;
  filesTitle: string;
  files: string[];
  shareTitle: string;
  draft: TitledText;
  alert: { text: string; link: string };
  storyTags: string[];
  stories: { title: string; premble: string }[];
  storyBody: string[];
  /** Month names for formattedDateValue. */
  months: string[];
  dateFormat: (day: number, month: number, monthName: string, year: number) => string;
}
