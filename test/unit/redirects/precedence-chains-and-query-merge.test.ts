import { compileRedirects, type CompiledRedirects } from '../../../server/redirects/compile-redirects.js';
import { parseRedirectTable } from '../../../server/redirects/redirect-table.js';
import { resolveRedirect } from '../../../server/redirects/resolve-redirect.js';

const compile = (text: string): CompiledRedirects => compileRedirects([{ marketId: 'uk', table: parseRedirectTable('test.txt', text) }]);
const resolve = (compiled: CompiledRedirects, path: string) => resolveRedirect(compiled, 'uk', path);

describe('precedence', () => {
  const compiled = compile(`
/old/{path*}          /wild/{path*}
/old/{brand}          /param/{brand}
/old/bmw              /exact/bmw
/old/{brand}/x5       /param-then-static/{brand}
/old/bmw/{model}      /static-then-param/{model}
/old/hedin-{site}     /fixed-text/{site}
/dup                  /first
/dup                  /second          # newer move: wins
/cond/{x}             /cond-plain/{x}
/cond/{x}             /cond-pb/{x}     ?vehicletype=PB
/both                 /exact-plain
/both                 /exact-pb        ?vehicletype=PB
`);

  test('an exact source beats any pattern', () => {
    expect(resolve(compiled, '/old/bmw')?.location).toBe('/exact/bmw');
  });
  test('among patterns a static segment beats a parameter, which beats a wildcard', () => {
    expect(resolve(compiled, '/old/bmw/x5')?.location).toBe('/static-then-param/x5');
    expect(resolve(compiled, '/old/audi/x5')?.location).toBe('/param-then-static/audi');
    expect(resolve(compiled, '/old/audi')?.location).toBe('/param/audi');
    expect(resolve(compiled, '/old/audi/a3/s-line')?.location).toBe('/wild/audi/a3/s-line');
  });
  test('fixed text around a parameter beats a bare parameter', () => {
    expect(resolve(compiled, '/old/hedin-leeds')?.location).toBe('/fixed-text/leeds');
  });
  test('for the same source the later line wins', () => {
    const found = resolve(compiled, '/dup');
    expect(found?.location).toBe('/second');
    expect(found?.rule).toMatchObject({ table: 'test.txt', line: 9 });
  });
  test('a query-conditioned rule beats the same rule without a condition, only when the value matches', () => {
    expect(resolve(compiled, '/cond/a?vehicletype=pb')?.location).toBe('/cond-pb/a');
    expect(resolve(compiled, '/cond/a?vehicletype=TB')?.location).toBe('/cond-plain/a?vehicletype=TB');
    expect(resolve(compiled, '/both?VehicleType=PB')?.location).toBe('/exact-pb');
    expect(resolve(compiled, '/both')?.location).toBe('/exact-plain');
  });
  test('matching ignores case and one trailing slash', () => {
    expect(resolve(compiled, '/OLD/BMW/')?.location).toBe('/exact/bmw');
  });
});

describe('chains', () => {
  test('A -> B and B -> C are served as A -> C in one hop, flattened at compile time', () => {
    const compiled = compile('/a  /b\n/b  /c\n/c  /d?from=c');
    const found = resolve(compiled, '/a');
    expect(found?.location).toBe('/d?from=c');
    expect(found?.via.map((r) => r.line)).toEqual([2, 3]);
    const chains = compiled.markets.get('uk')!.report.chains;
    expect(chains.find((c) => c.rule.line === 1)).toMatchObject({ final: '/d?from=c', atRequestTime: false });
  });
  test('a chain through a pattern is followed in the same request', () => {
    const compiled = compile('/used-cars/{path*}  /used/{path*}\n/used/{path*}  /buy-car/used-cars/{path*}');
    expect(resolve(compiled, '/used-cars/bmw/x5')?.location).toBe('/buy-car/used-cars/bmw/x5');
  });
  test('a chain whose next hop depends on the query is followed with the request query', () => {
    const compiled = compile('/a  /b\n/b  /plain\n/b  /pb  ?vehicletype=PB');
    expect(resolve(compiled, '/a?vehicletype=PB')?.location).toBe('/pb');
    expect(resolve(compiled, '/a')?.location).toBe('/plain');
  });
});

describe('query merging', () => {
  const compiled = compile('/list  /cars?car_brand=BMW&car_fuel=El\n/pb  /cars?car_vehicle_type=Personbil  ?vehicletype=PB\n/brand/{b}  /cars?car_brand={b}');

  test("the request's other parameters are kept and the destination's win", () => {
    expect(resolve(compiled, '/list?utm_source=mail&car_brand=Audi')?.location).toBe('/cars?car_brand=BMW&car_fuel=El&utm_source=mail');
  });
  test('a parameter used as the condition is dropped', () => {
    expect(resolve(compiled, '/pb?vehicletype=PB&page=2')?.location).toBe('/cars?car_vehicle_type=Personbil&page=2');
  });
  test('values are decoded once and encoded once', () => {
    expect(resolve(compiled, '/list?q=a%2526b+c')?.location).toBe('/cars?car_brand=BMW&car_fuel=El&q=a%2526b+c');
    expect(resolve(compiled, '/brand/mercedes-benz')?.location).toBe('/cars?car_brand=mercedes-benz');
  });
  test('percent-encoded paths are decoded once, never twice', () => {
    const paths = compile('/bil%C3%A4gande  /owning\n/old/{x}  /new/{x}');
    expect(resolve(paths, '/bil%c3%a4gande')?.location).toBe('/owning');
    expect(resolve(paths, '/bil%C3%84gande')?.location).toBe('/owning');
    expect(resolve(paths, '/old/%2561')?.location).toBe('/new/%2561');
    expect(resolve(paths, '/old/%61')?.location).toBe('/new/a');
  });
});
