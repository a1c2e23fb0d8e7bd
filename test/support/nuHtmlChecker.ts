import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The W3C Nu HTML Checker (vnu-jar, on Java 17) over many documents in one JVM (each start costs about a
 * second): every error and non-document error, as '<name>:<line>: <message> — <extract>'. Identical
 * documents (a page hydrated alike at two widths) are checked once, named together ('a = b').
 */
export async function nuHtmlErrors(documents: ReadonlyArray<{ name: string; html: string }>): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'vnu-'));
  try {
    const namesOf = new Map<string, string[]>();
    for (const { name, html } of documents) namesOf.set(html, [...(namesOf.get(html) ?? []), name]);
    const names = new Map<string, string>();
    for (const [i, [html, alike]] of [...namesOf].entries()) {
      const file = `${i}.html`;
      names.set(file, alike.join(' = '));
      await writeFile(join(dir, file), html);
    }
    const { stdout } = await promisify(execFile)(
      'java',
      [
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--stdout',
        '--exit-zero-always',
        ...[...names.keys()].map((f) => join(dir, f)),
      ],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const messages = (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
    return messages
      .filter((m) => m.type !== 'info')
      .map(
        (m) =>
          `${names.get(basename(m.url ?? '')) ?? m.url}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` — ${m.extract.trim()}` : ''}`,
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
