// Jest's integration globalTeardown: ends what globalSetup.mjs started.
import { closeRunDir } from '../../../scripts/stack/runDir.mjs';

export default function globalTeardown() {
  // A shared BFF ends when its channel closes.
  for (const child of globalThis.integrationSharedBffs ?? []) if (child.connected) child.disconnect();
  closeRunDir();
}
