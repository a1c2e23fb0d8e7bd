import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { IMAGE_WIDTHS } from '../../contracts/imageVariants.js';
import { PictureTemplateContext, ResponsiveImage } from '../../client/media/ResponsiveImage.js';
import type { PageContextValue } from '../../views/PageContext.js';
import { renderApart, usePreloadHandOn } from '../../views/renderApart.js';
import { candidates, pageTemplate, pictureUrl, widthFor } from '../../client/shared/media/pictureUrl.js';
import { CAR_GRID, COMPARE_BAR, FOOTER_LOGO, GALLERY_MAIN, HERO } from '../../client/shared/media/pictureLayouts.js';

const CAR = 'http://127.0.0.1:3100/media/cars/100354/1.jpg?v=3fa29c1e0b';
const attribute = (html: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];

describe('picture URLs', () => {
  it('ask the /media pipeline for an allowed width, keeping the original’s version', () => {
    expect(pictureUrl('/media/cars/100354/1.jpg?v=3fa29c1e0b', 640)).toBe(
      '/media/cars/100354/1.jpg?v=3fa29c1e0b&w=640',
    );
    expect(pictureUrl('/media/sites/7/hero.png', 1080)).toBe('/media/sites/7/hero.png?w=1080');
  });

  it('follow an image CDN’s template with {path}, or with {src} spelt out against the site’s origin', () => {
    const imgix = 'https://dealer.imgix.net/{path}?w={width}&q={quality}&auto=format';
    expect(pictureUrl('/media/cars/1/2.jpg?v=abcdef12', 384, pageTemplate(imgix, 'https://www.example.se'))).toBe(
      'https://dealer.imgix.net/cars/1/2.jpg?w=384&q=75&auto=format',
    );
    const cloudflare = 'https://www.example.se/cdn-cgi/image/width={width},quality={quality},format=auto/{src}';
    expect(pictureUrl('/media/cars/1/2.jpg?v=abcdef12', 640, pageTemplate(cloudflare, 'https://www.example.se'))).toBe(
      'https://www.example.se/cdn-cgi/image/width=640,quality=75,format=auto/https://www.example.se/media/cars/1/2.jpg?v=abcdef12',
    );
  });

  it('list no width past the original’s; the next one stands for the original at its own width', () => {
    expect(candidates(1000).map((c) => `${c.width}:${c.described}`)).toEqual([
      '64:64',
      '128:128',
      '256:256',
      '384:384',
      '640:640',
      '828:828',
      '1080:1000',
    ]);
    expect(candidates(640).at(-1)).toEqual({ width: 640, described: 640 });
    expect(candidates().map((c) => c.width)).toEqual([...IMAGE_WIDTHS]);
    expect(widthFor(684)).toBe(828);
    expect(widthFor(5000)).toBe(1920);
  });
});

describe('a responsive picture', () => {
  it('writes srcset over the allowed widths, the layout’s sizes, width and height, and loads lazily', () => {
    const html = renderToStaticMarkup(<ResponsiveImage src={CAR} alt="" shape={[4, 3]} layout={CAR_GRID} />);
    const srcset = attribute(html, 'srcSet')!.split(', ');
    expect(srcset[0]).toBe('/media/cars/100354/1.jpg?v=3fa29c1e0b&amp;w=64 64w');
    // The widest grid column is 496 px: nothing past 2× of it.
    expect(srcset.at(-1)).toBe('/media/cars/100354/1.jpg?v=3fa29c1e0b&amp;w=1080 1080w');
    expect(attribute(html, 'sizes')).toBe(CAR_GRID.sizes);
    expect(html).toMatch(/width="400" height="300" loading="lazy" decoding="async"/);
    expect(html).not.toContain('fetchPriority');
  });

  it('stops at the original’s width when it is known', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="/media/content/a.jpg" alt="a" width={700} height={400} layout={HERO} />,
    );
    expect(attribute(html, 'srcSet')!.split(', ').at(-1)).toBe('/media/content/a.jpg?w=828 700w');
    expect(html).toMatch(/width="700" height="400"/);
  });

  it('writes an SVG plain: no srcset, never through the pipeline', () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage src="/media/logos/volvo.svg" alt="Volvo" shape={[2, 1]} layout={FOOTER_LOGO} />,
    );
    expect(html).toBe(
      '<img src="/media/logos/volvo.svg" alt="Volvo" width="96" height="48" loading="lazy" decoding="async"/>',
    );
  });

  it('as the LCP picture, is fetched first and preloaded in the head with the same srcset and sizes', () => {
    const page = renderToString(
      <html>
        <head />
        <body>
          <ResponsiveImage src={CAR} alt="" shape={[16, 9]} layout={HERO} priority />
        </body>
      </html>,
    );
    const head = page.slice(0, page.indexOf('</head>'));
    const image = page.slice(page.indexOf('<img'));
    expect(image).toContain('fetchPriority="high"');
    expect(image).not.toContain('loading=');
    expect(head).toContain(`imageSrcSet="${attribute(image, 'srcSet')}"`);
    expect(head).toContain(`imageSizes="${attribute(image, 'sizes')}"`);
    expect(head).toContain('fetchPriority="high"');
  });

  it('in a part rendered apart (a block, an island, an island in a block), is still preloaded in the page’s head', () => {
    const page = { pictureTemplate: undefined } as PageContextValue;
    const lcp = <ResponsiveImage src={CAR} alt="" shape={[4, 3]} layout={GALLERY_MAIN} priority />;
    function Part({ children }: { children: ReturnType<typeof Part> }) {
      return <div dangerouslySetInnerHTML={{ __html: renderApart(children, page, usePreloadHandOn()) }} />;
    }
    const html = renderToString(
      <html>
        <head />
        <body>
          <Part>
            <Part>{lcp}</Part>
          </Part>
        </body>
      </html>,
    );
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`imageSrcSet="${attribute(renderToStaticMarkup(lcp), 'srcSet')}"`);
    expect(html.slice(html.indexOf('<body'))).not.toContain('rel="preload"');
  });

  it('emits the CDN’s URLs when the page has a template', () => {
    const template = pageTemplate(
      'https://img.example.se/insecure/rs:fit:{width}:0/q:{quality}/plain/{src}',
      'https://www.example.se',
    );
    const html = renderToStaticMarkup(
      <PictureTemplateContext.Provider value={template}>
        <ResponsiveImage src={CAR} alt="" shape={[4, 3]} layout={COMPARE_BAR} />
      </PictureTemplateContext.Provider>,
    );
    expect(attribute(html, 'srcSet')).toBe(
      'https://img.example.se/insecure/rs:fit:64:0/q:75/plain/https://www.example.se/media/cars/100354/1.jpg?v=3fa29c1e0b 64w, ' +
        'https://img.example.se/insecure/rs:fit:128:0/q:75/plain/https://www.example.se/media/cars/100354/1.jpg?v=3fa29c1e0b 128w',
    );
  });
});
