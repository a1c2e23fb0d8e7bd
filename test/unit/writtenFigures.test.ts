import { jest } from '@jest/globals';
import { knowFigures, numberFormat, recordFigures } from '../../client/shared/format/intlFormats.js';

// Each test its own locale: the formatters and the figures known are the module's, for the whole file.
describe('figures an island formatted on the server, known to its hydration', () => {
  it('records every figure formatted during the render, by formatter and value, and none outside it', () => {
    const whole = numberFormat('sv-SE', { maximumFractionDigits: 0 });
    const price = numberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 });
    whole.format(7);
    const { result, figures } = recordFigures(() => `${whole.format(1042)} / ${price.format(419900)}`);
    expect(result).toBe('1\u00a0042 / 419\u00a0900\u00a0kr');
    expect(figures).toEqual({
      'sv-SE|maximumFractionDigits=0': { '1042': '1\u00a0042' },
      'sv-SE|style=currency|currency=SEK|maximumFractionDigits=0': { '419900': '419\u00a0900\u00a0kr' },
    });
    expect(recordFigures(() => whole.format(3)).figures).toEqual({ 'sv-SE|maximumFractionDigits=0': { '3': '3' } });
    expect(recordFigures(() => 'no figure').figures).toBeNull();
  });

  it('gives a known figure as the server wrote it without building Intl, and formats any other one', () => {
    knowFigures({ 'fi-FI|maximumFractionDigits=0': { '1500': '1 500 (server)' } });
    const built = jest.spyOn(Intl, 'NumberFormat');
    const whole = numberFormat('fi-FI', { maximumFractionDigits: 0 });
    expect(whole.format(1500)).toBe('1 500 (server)');
    expect(built).not.toHaveBeenCalled();
    expect(whole.format(2500)).toBe('2\u00a0500');
    expect(built).toHaveBeenCalledTimes(1);
    built.mockRestore();
  });
});
