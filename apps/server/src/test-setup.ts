/**
 * Runs before every test file. Files share a worker's modules (`isolate: false`: importing the
 * app once per worker, not once per file, took a quarter off a run of server files), so what a file
 * opened is closed here, when that file ends, rather than by a hook the shared helper module
 * would register only for the first file to import it.
 */
import { afterAll } from 'vitest';
import { disposeTestResources } from './test-helper';

afterAll(disposeTestResources);
