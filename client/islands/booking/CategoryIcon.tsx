import { useEffect, useState } from 'react';
import { bffFetch } from '../../api/bffFetch.js';

/** The media path of an offering category's icon (the `icon` name the booking service gives). */
export const categoryIconSrc = (icon: string) => `/media/icons/${encodeURIComponent(icon)}.svg`;

const loaded = new Map<string, Promise<string | null>>();

/** The SVG's markup with anything active removed (scripts, foreign content, event handlers, script links); null when it is no SVG. */
export function cleanSvg(text: string): string | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = doc.documentElement;
  if (svg.nodeName.toLowerCase() !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) return null;
  for (const element of [...svg.querySelectorAll('script, foreignObject')]) element.remove();
  for (const element of [svg, ...svg.querySelectorAll('*')]) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name) || (/href$/i.test(attribute.name) && /^\s*javascript:/i.test(attribute.value)))
        element.removeAttribute(attribute.name);
    }
  }
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  return new XMLSerializer().serializeToString(svg);
}

/** The icon loader (part 2 §7): fetches the SVG by its source and reads the text, once per icon. */
function loadIcon(src: string): Promise<string | null> {
  let icon = loaded.get(src);
  if (!icon) {
    icon = bffFetch(src, { headers: { accept: 'image/svg+xml' } })
      .then((response) => (response.ok ? response.text() : null))
      .then((text) => (text === null ? null : cleanSvg(text)))
      .catch(() => null);
    loaded.set(src, icon);
  }
  return icon;
}

/** A category's icon inline (so it takes the text colour); a failure renders nothing. */
export function CategoryIcon({ icon }: { icon: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadIcon(categoryIconSrc(icon)).then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [icon]);
  if (!svg) return null;
  return <span className="booking-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}
