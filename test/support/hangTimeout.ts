// Each unit and integration file's default test and hook timeout: a bound only a hang reaches. On a busy machine
// (CI beside other jobs, load 20 on 2 cores) a test may take many times jest's 5 s: rendering nine car drawings with
// sharp in a unit file's beforeAll took longer. A file that sets its own keeps it.
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
