import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** `npm run lint:imports` with the project's rules, on a tree of the files given (path → source). */
function lintImports(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext' } }));
    const { status, stdout } = spawnSync(
      process.execPath,
      [
        resolve('node_modules/.bin/depcruise'),
        '--config',
        resolve('.dependency-cruiser.mjs'),
        '--output-type',
        'err',
        '.',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    return { status, stdout };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the import rules (npm run lint:imports)', () => {
  it('refuse a file circle, type-only imports included', () => {
    const { status, stdout } = lintImports({
      'client/a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
      'client/b.ts': "import { a } from './a.js';\nexport type B = string;\nexport const b = a;\n",
    });
    expect(status).not.toBe(0);
    expect(stdout).toMatch(/no-circular: client\/(a|b)\.ts/);
  });

  it("refuse a server room that imports one of a layer above its own, and pass the ground's imports", () => {
    const crossing = lintImports({
      'server/store/tier.ts':
        "import { renderPage } from '../render/renderPage.js';\nexport const tier = renderPage;\n",
      'server/render/renderPage.ts': 'export const renderPage = 1;\n',
    });
    expect(crossing.status).not.toBe(0);
    expect(crossing.stdout).toMatch(/server-layer-store: server\/store\/tier\.ts → server\/render\/renderPage\.ts/);
    const downward = lintImports({
      'server/render/renderPage.ts': "import { tier } from '../store/tier.js';\nexport const renderPage = tier;\n",
      'server/store/tier.ts': 'export const tier = 1;\n',
      'server/config.ts':
        "import { RATE_LIMIT_DEFAULTS } from './security/rateLimits.js';\nexport const c = RATE_LIMIT_DEFAULTS;\n",
      'server/security/rateLimits.ts': 'export const RATE_LIMIT_DEFAULTS = {};\n',
    });
    expect(downward).toMatchObject({ status: 0 });
  });

  it('refuse a tier built outside server/store/ (a value import of its tiers or of lru-cache), and pass a type-only one', () => {
    const tiers = 'export class ProcessTier {}\nexport interface Codec { encode(): void }\n';
    const building = lintImports({
      'server/store/tiers.ts': tiers,
      'server/pageCache/pages.ts':
        "import { ProcessTier } from '../store/tiers.js';\nexport const pages = new ProcessTier();\n",
    });
    expect(building.status).not.toBe(0);
    expect(building.stdout).toMatch(/tiers-only-in-store: server\/pageCache\/pages\.ts → server\/store\/tiers\.ts/);
    const declaring = lintImports({
      'server/store/tiers.ts': tiers,
      'server/pageCache/pages.ts': "import type { Codec } from '../store/tiers.js';\nexport type PageCodec = Codec;\n",
    });
    expect(declaring).toMatchObject({ status: 0 });
  });

  it('refuse scripts/ importing test/, and let test/ import scripts/stack/', () => {
    const reaching = lintImports({
      'scripts/soak.ts': "import { helper } from '../test/support/helper.js';\nexport const soak = helper;\n",
      'test/support/helper.ts': 'export const helper = 1;\n',
    });
    expect(reaching.status).not.toBe(0);
    expect(reaching.stdout).toMatch(/scripts-not-test: scripts\/soak\.ts → test\/support\/helper\.ts/);
    const sharing = lintImports({
      'test/support/helper.ts':
        "import { startStack } from '../../scripts/stack/startStack.js';\nexport const h = startStack;\n",
      'scripts/stack/startStack.ts': 'export const startStack = 1;\n',
    });
    expect(sharing).toMatchObject({ status: 0 });
  });
});
