// Prints the V8 flags that fit the heap into the memory budget (old space, young generation), for the start command:
//   node $(node dist/server/heapLimit.js) dist/server/main.js
// The heap's limits can only be set when V8 starts (v8.setFlagsFromString after start leaves the
// heap's limit as it was), so it is worked out by this short process first. Prints nothing when the
// environment is invalid: main.js then stops with the one-line error.
import { loadConfig } from './config.js';

try {
  process.stdout.write(`${loadConfig().memory.v8Flags.join(' ')}\n`);
} catch {
  /* main.js reports it */
}
