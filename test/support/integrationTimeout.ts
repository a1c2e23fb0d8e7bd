// Each integration file's default test timeout: a bound only a hang reaches. Against real servers on a busy
// machine a test may take many times jest's 5 s; a file that sets its own keeps it.
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
