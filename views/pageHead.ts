import type { Language } from '../markets/schema.js';

/** What a page route says about its page for the head: search engines, link previews and structured data. */
export interface PageHead {
  /** The page's own title; the document title adds ` | {siteName}`. */
  title: string;
  description: string;
  /** Leave out for pages search engines should not index (errors). */
  indexable?: boolean;
  /** schema.org objects, each written as one JSON-LD script (Article, AutoDealer, Car, FAQPage...). */
  structuredData?: readonly object[];
  /** The image a shared link shows (og:image): an upstream image, linked as the pipeline's stripped variant on the market host (views/seo/siteOrigin.ts). */
  image?: {
    src: string;
    alt: string;
    /** The shared variant's size, when the page knows the picture's shape. */ size?: { width: number; height: number };
  };
  /** og:type: 'article' for stories (and other dated or single-item pages), 'product' for a car on sale; default 'website'. */
  ogType?: 'website' | 'article' | 'product';
  /** A product's price for link previews (og:type 'product': Facebook's product properties). */
  product?: { price: number; currency: string; condition: 'new' | 'used' };
  /**
   * The content service's versions of this page in the market's languages (content paths, without prefix),
   * for hreflang and the language switch. Leave out when the page has the same path in every language
   * (car detail, site detail): each language then links to this path under its prefix.
   */
  alternates?: readonly { language: Language; path: string }[];
  /** From the home page down to this page; written as BreadcrumbList JSON-LD (paths as the page links them). */
  breadcrumbs?: readonly { name: string; path: string }[];
}
