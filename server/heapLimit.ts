// Prints the V8 flag that fits the heap into the memory budget, for the start command:
//   node $(node dist/server/heapLimit.js) dist/server/main.js
// The old-space limit can only be set when V8 starts (v8.setFlagsFromString after start leaves the
// heap's limit as it was), so it is worked out by this short process first. Prints nothing when the
// environment is invalid: main.js then stops with the one-line error.
import { loadConfig } from './config.js';

try {
  process.stdout.write(`--max-old-space-size=${loadConfig().memory.heapLimitMb}\n`);
} catch {
  /* main.js reports it */
}
