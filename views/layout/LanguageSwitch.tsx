import { usePage } from '../PageContext.js';

/**
 * Links to this page in each language the content service lists (or to that language's home when the
 * page has no version in it, the query kept); nothing on a one-language market. Each name is written in
 * its own language. The car list and kits islands keep `data-same-page` links in step with their filters (client/lists/languageLinks.ts).
 */
export function LanguageSwitch() {
  const { languageLinks, language, t } = usePage();
  if (languageLinks.length < 2) return null;
  return (
    <nav className="language-switch" aria-label={t('seo.languageSwitch')}>
      <ul className="language-switch__list">
        {languageLinks.map((link) => (
          <li key={link.language}>
            <a
              href={link.href}
              hrefLang={link.language}
              lang={link.language}
              aria-current={link.language === language ? 'true' : undefined}
              data-same-page={link.samePage ? '' : undefined}
            >
              {/* A phone's one-row header shows the code; the name stays the link's name for every reader. */}
              <span className="language-switch__name">{link.name}</span>
              <span className="language-switch__code" aria-hidden="true">
                {link.language.toUpperCase()}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
