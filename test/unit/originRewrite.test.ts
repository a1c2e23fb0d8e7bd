import { mediaOriginRewriter } from '../../server/upstream/originRewrite.js';

const urls = {
  search: 'http://search.internal:8080/search',
  content: 'http://cms.internal/content',
  mechmate: undefined,
  tirehotel: undefined,
  comhub: undefined,
  codeweaver: undefined,
  maps: undefined,
  media: 'http://media.internal:9000/assets/media',
};

describe('the media origin rewrite', () => {
  const rewrite = mediaOriginRewriter(urls);

  it('turns a URL on the media service base into the /media relay path', () => {
    expect(rewrite('{"src":"http://media.internal:9000/assets/media/cars/1.svg"}')).toBe('{"src":"/media/cars/1.svg"}');
  });

  it("turns /media/ on any upstream's own origin into the relay path, also with JSON-escaped slashes", () => {
    expect(
      rewrite('{"a":"http://search.internal:8080/media/x.svg","b":"http:\\/\\/cms.internal\\/media\\/y.svg"}'),
    ).toBe('{"a":"/media/x.svg","b":"\\/media\\/y.svg"}');
  });

  it('leaves other URLs and text alone', () => {
    const text = '{"href":"https://www.example.com/media/a.svg","t":"http://cms.internal/page"}';
    expect(rewrite(text)).toBe(text);
  });
});
