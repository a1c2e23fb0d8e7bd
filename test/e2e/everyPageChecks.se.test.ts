import { checkEveryPageType } from '../support/everyPageChecks.js';

// Every page type of this group's markets, held to CSP, axe and the Nu HTML Checker (test/support/everyPageChecks.ts).
checkEveryPageType(0);
