import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { API_OPERATIONS } from '../../server/api/apiRouter.js';
import { ENV_VARIABLES, EnvSchema } from '../../server/config.js';
import { RATE_LIMIT_DEFAULTS, rateLimitEnvName, type RateLimitName } from '../../server/security/rateLimits.js';
import { STORE_BUDGET_DEFAULTS, storeBudgetEnvName, type StoreBudgetName } from '../../server/store/storeBudgets.js';

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(file, 'utf8');
/** Text outside fenced code blocks: links and headings there are examples, not the page's. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** `| \`NAME\` | default | ...` rows: the variable and its default cell. */
function variableRows(text: string): { name: string; defaultCell: string }[] {
  return [...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)].map(([, name, cell]) => ({
    name: name!,
    defaultCell: cell!.trim(),
  }));
}

/** NODE_ENV's schema default is `development`; dist/server/main.js (npm start, the image) sets `production` before parsing. */
const DOCUMENTED_AS: Record<string, string> = { NODE_ENV: 'production' };

/** The literal default the code gives a variable, as the docs write it; undefined when it is computed or unset. */
function codeDefault(name: string): string | undefined {
  if (name in DOCUMENTED_AS) return DOCUMENTED_AS[name];
  const limit = (Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]).find((n) => rateLimitEnvName(n) === name);
  if (limit) return `${RATE_LIMIT_DEFAULTS[limit].points}/${RATE_LIMIT_DEFAULTS[limit].durationS}`;
  const store = (Object.keys(STORE_BUDGET_DEFAULTS) as StoreBudgetName[]).find((n) => storeBudgetEnvName(n) === name);
  if (store) return `${STORE_BUDGET_DEFAULTS[store].bytes / 1024 / 1024}/${STORE_BUDGET_DEFAULTS[store].durationS}`;
  const schema = EnvSchema.shape[name as keyof typeof EnvSchema.shape];
  const parsed = schema.safeParse(undefined);
  if (!parsed.success || !['string', 'number', 'boolean'].includes(typeof parsed.data)) return undefined;
  return String(parsed.data);
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = (file: string) =>
  new Set([...prose(read(file)).matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => anchorOf(heading!)));

describe('the docs match the code', () => {
  it('docs/configuration.md lists every variable the BFF reads, once, and no other', () => {
    const text = read('docs/configuration.md');
    const section = text.slice(text.indexOf("## The BFF's variables"), text.indexOf('## Other processes'));
    const listed = variableRows(section).map((row) => row.name);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect([...listed].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('gives each variable the default the code gives it, on every page that has a table of them', () => {
    const wrong = PAGES.flatMap((file) =>
      variableRows(read(file))
        .filter((row) => ENV_VARIABLES.includes(row.name))
        .flatMap(({ name, defaultCell }) => {
          const expected = codeDefault(name);
          if (expected === undefined) return [];
          const written =
            expected === '' ? (defaultCell.startsWith('empty') ? '' : defaultCell) : /`([^`]*)`/.exec(defaultCell)?.[1];
          return written === expected
            ? []
            : [`${file} ${name}: "${defaultCell}", the code says ${JSON.stringify(expected)}`];
        }),
    );
    expect(wrong).toEqual([]);
  });

  it('docs/api.md names every operation of the OpenAPI document and the two routes outside it', () => {
    const text = read('docs/api.md');
    const routes = [
      ...API_OPERATIONS.map((op) => `${op.method.toUpperCase()} /api${op.path}`),
      'POST /api/rum',
      'POST /api/content/webhook',
    ];
    expect(routes.filter((route) => !text.includes(`\`${route}\``))).toEqual([]);
  });

  it('has no dead relative link or anchor in README.md and docs/', () => {
    const dead = PAGES.flatMap((file) =>
      [...prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)]
        .map(([, target]) => target!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [path, anchor] = target.split('#') as [string, string | undefined];
          const linked = path === '' ? file : join(dirname(file), path);
          if (!existsSync(linked)) return true;
          return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(linked).has(anchor);
        })
        .map((target) => `${file} → ${target}`),
    );
    expect(dead).toEqual([]);
  });

  it('names only files and folders that exist when it names one by its repository path', () => {
    const missing = PAGES.flatMap((file) =>
      [
        ...read(file).matchAll(
          /`((?:server|client|shared|views|markets|contracts|redirects|sandbox|test|scripts|deploy|docs)\/[\w./-]*)`/g,
        ),
      ]
        .map(([, path]) => path!)
        .filter((path) => !existsSync(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
