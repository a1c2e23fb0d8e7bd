import { loadConfig } from '../../server/config.js';
import { ConfigError } from '../../server/config/envTypes.js';
import { siteSecurityHeaders } from '../../server/http/security.js';
import { IMAGE_URL_TEMPLATE, MAP_TILE_URL, urlTemplateProblem } from '../../server/http/urlTemplate.js';

/** Builds the headers every answer carries from the config, as start-up does: what used to throw at the first request. */
const startsWith = (env: Record<string, string>) => siteSecurityHeaders(loadConfig(env), []);

describe('URL templates from the environment', () => {
  it.each([
    'https://dealer.imgix.net/{path}?w={width}&q={quality}&auto=format',
    'https://www.example.se/cdn-cgi/image/width={width},quality={quality},format=auto/{src}',
    'https://img.example.se/insecure/rs:fit:{width}:0/q:{quality}/plain/{src}',
    'https://cdn.example:8443/{width};/{path}',
  ])('takes the image CDN template %s, and the site starts with it', (template) => {
    expect(urlTemplateProblem(template, IMAGE_URL_TEMPLATE)).toBeUndefined();
    expect(() => startsWith({ IMAGE_URL_TEMPLATE: template })).not.toThrow();
  });

  it.each([
    ['https://cdn.example;script-src/{width}/{src}', 'is not a host name'],
    ['https://cdn.example,x/{width}/{src}', 'is not a host name'],
    ['https://{width}.cdn.example/{src}', 'host must be written out'],
    ['https://CDN.example/{width}/{src}', 'as a browser writes it (https://cdn.example)'],
    ['https://cdn.example:443/{width}/{src}', 'as a browser writes it'],
    ['https://user@cdn.example/{width}/{src}', 'user or password'],
    ['https://cdn.example/{width}/{src}#top', 'fragment'],
    ['https://cdn.example:99999/{width}/{src}', 'not a URL'],
    ['https://cdn.example/{width}/{source}', '{source} is not one of'],
    ['https://cdn.example/{width}/src}', 'outside a placeholder'],
    ['https://cdn.example/{src}', 'needs {width}'],
    ['http://cdn.example/{width}/{src}', 'https://'],
    ['/media/{path}?w={width}', 'https://'],
  ])('refuses %s at start with one line saying why (%s)', (template, why) => {
    expect(urlTemplateProblem(template, IMAGE_URL_TEMPLATE)).toContain(why);
    expect(() => startsWith({ IMAGE_URL_TEMPLATE: template })).toThrow(ConfigError);
    try {
      loadConfig({ IMAGE_URL_TEMPLATE: template });
    } catch (err) {
      expect((err as Error).message).toMatch(
        /^Invalid environment variable IMAGE_URL_TEMPLATE="[^\n]+: expected an https:\/\/ URL template/,
      );
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('checks map tiles the same way, a /path template included', () => {
    expect(urlTemplateProblem('/media/map-tiles/{z}/{x}/{y}.svg', MAP_TILE_URL)).toBeUndefined();
    expect(urlTemplateProblem('https://tile.openstreetmap.org/{z}/{x}/{y}.png', MAP_TILE_URL)).toBeUndefined();
    expect(urlTemplateProblem('https://tiles.example;a/{z}/{x}/{y}.png', MAP_TILE_URL)).toContain('not a host name');
    expect(urlTemplateProblem('//tiles.example/{z}/{x}/{y}.png', MAP_TILE_URL)).toContain('//');
    expect(urlTemplateProblem('https://tiles.example/{x}/{z}/{y}.png', MAP_TILE_URL)).toContain('in that order');
    expect(() => startsWith({ MAP_TILE_URL: 'https://tiles.example;a/{z}/{x}/{y}.png' })).toThrow(ConfigError);
  });
});
