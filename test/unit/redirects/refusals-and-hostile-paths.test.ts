import { compileRedirects, type CompiledRedirects } from '../../../server/redirects/compile-redirects.js';
import { parseRedirectTable } from '../../../server/redirects/redirect-table.js';
import { resolveRedirect } from '../../../server/redirects/resolve-redirect.js';

const compile = (text: string): CompiledRedirects => compileRedirects([{ marketId: 'uk', table: parseRedirectTable('uk.txt', text) }]);

describe('a table that must not start is refused with table:line', () => {
  test.each([
    ['a loop', '/ok  /fine\n/a  /b\n/b  /a', /^uk\.txt:\d: redirect loop: \/a \(line 2\) -> \/b \(line 3\) -> \/a/],
    ['a loop through patterns', '# c\n/om-{product}  /om-oss', /^uk\.txt:2: redirect loop/],
    ['an invalid pattern', '/ok  /fine\n/bad/{na-me}  /x', /^uk\.txt:2: .*invalid parameter name/],
    ['an unbalanced brace', '/bad/{name  /x', /^uk\.txt:1: .*unbalanced brace/],
    ['two parameters in one segment', '\n/cars/{id}-{slug}  /x', /^uk\.txt:2: .*catastrophic backtracking/],
    ['a wildcard mid-path', '/a/{rest*}/b  /x', /^uk\.txt:1: .*catastrophic backtracking/],
    ['an absolute URL destination', '/a  https://evil.example/', /^uk\.txt:1: destination .* not a path on the same host/],
    ['a protocol-relative destination', '/a  //evil.example', /^uk\.txt:1: destination .* not a path on the same host/],
    ['a backslash destination', '/a  /\\evil.example', /^uk\.txt:1: destination .* not a path on the same host/],
    ['an encoded CR/LF destination', '/a  /b%0d%0aSet-Cookie:x=1', /^uk\.txt:1: .*encodes a separator or control character/],
    ['an undefined placeholder', '/a/{x}  /b/{y}', /^uk\.txt:1: .*does not define/],
    ['a missing destination', '/a', /^uk\.txt:1: expected SOURCE DESTINATION/],
    ['a malformed condition', '/a  /b  vehicletype=PB', /^uk\.txt:1: query condition/],
  ])('%s', (_name, text, message) => {
    expect(() => compile(text)).toThrow(message);
  });
});

describe('hostile request paths never produce an off-site or header-injecting Location', () => {
  const compiled = compile('/{page}  /pages/{page}\n/en-gb/{path*}  /{path*}\n/used/{path*}  /buy-car/used-cars/{path*}');
  const hostile = [
    '//evil.example', '/\\evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/%2f%2fevil.example/x',
    '/en-gb//evil.example', '/en-gb/%2F%2Fevil.example', '/en-gb/%5Cevil.example', '/en-gb/\\evil.example',
    '/%0d%0aSet-Cookie:%20a=1', '/en-gb/x%0D%0ALocation:%20http://evil.example', '/used/%E0%A4%A', '/used/..', '/en-gb/%2e%2e',
    'http://evil.example/used/x', '/used/x?next=%0d%0aSet-Cookie:a=1',
  ];
  test.each(hostile)('%s', (path) => {
    const location = resolveRedirect(compiled, 'uk', path)?.location;
    if (location === undefined) return;
    expect(location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    expect(location).not.toMatch(/[\r\n]/);
  });
  test('encoded separators stay encoded inside one segment', () => {
    expect(resolveRedirect(compiled, 'uk', '/used/x?next=%0d%0aSet-Cookie:a=1')?.location).toBe('/buy-car/used-cars/x?next=%0D%0ASet-Cookie%3Aa%3D1');
    expect(resolveRedirect(compiled, 'uk', '/%2F%2Fevil.example')).toBeNull();
  });
});
