import { startSandboxHere } from '../../scripts/stack/startStack.js';

/**
 * The sandbox on a free port, with its seeded data generated before the first test (so a tight
 * upstream timeout in a test measures the BFF, not data generation), and a count of what really
 * reached each upstream (scripts/stack/startStack.ts).
 */
export const startSandboxPeer = () => startSandboxHere();
