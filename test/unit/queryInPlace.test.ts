import { queryInPlace } from '../../client/shared/lists/queryInPlace.js';
import {
  carListQuery,
  EMPTY_STATE,
  isCarListParam,
  parseCarListState,
  toggleTerm,
  withPage,
} from '../../client/shared/carList/carListUrlState.js';
import { isKitsParam, kitsQueryParams } from '../../client/shared/kits/kitsQuery.js';
import { withKeyphrase } from '../../client/shared/sites/siteListQuery.js';
import { loadMoreHref, storiesPageQuery } from '../../client/shared/stories/storyLinks.js';

const ownsQ = (name: string) => name === 'q';

describe('queryInPlace: a list rewrites its own parameters and keeps every other one where it stood', () => {
  it('keeps campaign tags before, between and after the list’s parameters, in their order', () => {
    expect(queryInPlace('?utm_source=news&q=old&gclid=abc&q=older&foo=bar', ownsQ, 'q=new')).toBe(
      '?utm_source=news&q=new&gclid=abc&foo=bar',
    );
  });

  it('writes the list’s parameters at the end when the address had none of them', () => {
    expect(queryInPlace('?utm_source=news&gclid=abc', ownsQ, 'q=volvo')).toBe('?utm_source=news&gclid=abc&q=volvo');
  });

  it('drops the list’s parameters when it has none, and answers nothing for an empty address', () => {
    expect(queryInPlace('?q=volvo&utm_source=news', ownsQ, '')).toBe('?utm_source=news');
    expect(queryInPlace('?q=volvo', ownsQ, '')).toBe('');
    expect(queryInPlace('', ownsQ, '')).toBe('');
  });

  it('keeps repeated foreign parameters, odd characters and empty values as they were', () => {
    expect(queryInPlace('?tag=a&tag=b&x=%C3%A5+%26&empty=', ownsQ, 'q=1')).toBe('?tag=a&tag=b&x=%C3%A5+%26&empty=&q=1');
  });
});

describe('every list that writes its address uses it', () => {
  it('car list: a ticked filter joins the list’s parameters, the campaign tags stay where they were', () => {
    const address = '?utm_source=news&car_fuel=El&gclid=abc';
    const state = parseCarListState(new URLSearchParams(address));
    const next = toggleTerm(state, 'car_brand', 'Volvo');
    expect(queryInPlace(address, isCarListParam, carListQuery(next))).toBe(
      '?utm_source=news&car_brand=Volvo&car_fuel=El&gclid=abc',
    );
  });

  it('car list: the plain form’s range sides become the canonical range, in place', () => {
    const address = '?car_price_min=100000&utm_campaign=vinter&car_price_max=&page=2';
    const state = withPage(parseCarListState(new URLSearchParams(address)), 0);
    expect(queryInPlace(address, isCarListParam, carListQuery(state))).toBe(
      '?car_price=100000-999999999&utm_campaign=vinter',
    );
    expect(queryInPlace('?utm_source=news', isCarListParam, carListQuery(EMPTY_STATE))).toBe('?utm_source=news');
  });

  it('kits: filters and page are the kits’ own, the rest is kept', () => {
    const query = { keyphrase: 'hjul', filters: { brand: ['Volvo'], category: [] } };
    expect(queryInPlace('?gclid=abc&brand=Kia&utm_source=news', isKitsParam, kitsQueryParams(query, 2))).toBe(
      '?gclid=abc&keyphrase=hjul&brand=Volvo&page=2&utm_source=news',
    );
  });

  it('sites: the words are `q`, filters and campaign tags are kept in place', () => {
    const query = new URLSearchParams('site_departments.service_name=Verkstad&q=old&utm_source=news');
    expect(withKeyphrase(query, ' volvo ')).toBe('?site_departments.service_name=Verkstad&q=volvo&utm_source=news');
    expect(withKeyphrase(query, '')).toBe('?site_departments.service_name=Verkstad&utm_source=news');
  });

  it('stories: load more sets `page`, the tag and campaign tags stay', () => {
    expect(storiesPageQuery('?tag=el&page=1&utm_source=news', 2)).toBe('?tag=el&page=2&utm_source=news');
    expect(loadMoreHref({ pathname: '/nyheter', search: '?utm_source=news' }, 1, 'b1', 12)).toBe(
      '/nyheter?utm_source=news&page=2#b1-story-12',
    );
  });
});
