import { jest } from '@jest/globals';
import request from 'supertest';
import { translator } from '../../../markets/translations/dictionaries.js';
import { BLOCK_COMPONENTS } from '../../../views/blocks/registry.js';
import { type SandboxHere, startSandboxHere } from '../../../scripts/stack/startStack.js';
import { startTestStack } from '../../support/testStack.js';
import type { ComposedBff } from '../../../scripts/stack/composedBff.js';

jest.setTimeout(30_000);

let sandbox: SandboxHere;
let bff: ComposedBff;

const realCountdown = BLOCK_COMPONENTS.countdown;

beforeAll(async () => {
  // One block component that throws while rendering, as a block with data it cannot handle would.
  BLOCK_COMPONENTS.countdown = () => {
    throw new Error('countdown cannot render this block');
  };
  sandbox = await startSandboxHere();
  bff = (await startTestStack({ bff: 'app', sandbox })).bff;
});
afterAll(async () => {
  BLOCK_COMPONENTS.countdown = realCountdown;
  await bff.close();
  await sandbox.close();
});

const get = (host: string) => request(bff.app).get('/').set('Host', host);

describe('a block that fails to render', () => {
  it('shows the section error in its place while the rest of the page renders and answers 200', async () => {
    const res = await get('se.localhost');
    expect(res.status).toBe(200);
    const blocks = [
      ...res.text.matchAll(/<div class="block" data-block-type="(\w+)"|<section class="section-error"/g),
    ].map((m) => m[1] ?? 'section-error');
    const failed = blocks.indexOf('section-error');
    expect(failed).toBeGreaterThan(0);
    expect(blocks).not.toContain('countdown');
    // The blocks around it are there, in order: the home page has an accordion right after the countdown.
    expect(blocks[failed + 1]).toBe('accordion');
    expect(res.text).toContain('<h2 class="section-error__title">Aj då</h2>');
    expect(res.text).toContain('data-reload="">Ladda om sidan</button>');
    expect(res.text).toContain('<footer class="site-footer">');
    const logged = await bff.log.find(
      (line) => line.msg === 'content block failed to render' && line.blockType === 'countdown',
    );
    expect(logged).toBeDefined();
  });

  it('says so in the market language', async () => {
    const t = translator('fi');
    const res = await get('fi.localhost');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`>${t('error.sectionTitle')}</h2>`);
    expect(res.text).toContain(`>${t('error.sectionReload')}</button>`);
  });
});
