/**
 * The pages' Content-Security-Policy allows no eval. Zod compiles object parsers with
 * `new Function` unless told not to, and probes whether it may as its schemas are built,
 * which the browser reports as a violation even though the probe's failure is caught: it is
 * told first thing in the chunk that holds it, before its own code runs. The player client's
 * `apps/web/vite.config.ts` states the same banner; the back office takes it from here.
 */
export const ZOD_WITHOUT_EVAL = 'globalThis.__zod_globalConfig = { jitless: true };';

const ZOD_MODULE = /node_modules[\\/]zod[\\/]/;

/** The banner of an output chunk: the jitless switch for the chunk that holds zod, else none. */
export function zodWithoutEvalBanner(chunk: { moduleIds: readonly string[] }): string {
  return chunk.moduleIds.some((id) => ZOD_MODULE.test(id)) ? ZOD_WITHOUT_EVAL : '';
}
