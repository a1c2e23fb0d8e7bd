import { serializeProps } from '../../views/Island.js';

describe('serializeProps', () => {
  it('cannot close the script element or open a comment whatever the strings hold', () => {
    const hostile = { text: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const json = serializeProps(hostile);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toMatch(/[\u2028\u2029]/);
  });

  it('round-trips through JSON.parse to the same props', () => {
    const props = { text: '</script> <!-- "quoted" & ünïcödé \u2028', n: 12, list: [1, null, 'x'] };
    expect(JSON.parse(serializeProps(props))).toEqual(props);
  });
});
