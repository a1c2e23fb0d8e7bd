import { hydrateIslands } from '../hydrateIslands.js';
import { FinanceCalculator } from './FinanceCalculator.js';

hydrateIslands('finance', FinanceCalculator);
