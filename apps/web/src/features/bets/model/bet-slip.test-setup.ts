/**
 * Run before every test file with `src/shared/test/setup.ts`, which may not import features:
 * the bet slip is emptied after each test, since a worker's test files share its modules.
 */
import { afterEach } from 'vitest';
import { resetStore } from '../../../shared/test/reset-store';
import { useBetSlip } from './bet-slip-store';

afterEach(() => resetStore(useBetSlip));
