/**
 * Builds the service worker with the client: once the client's files are known, the worker
 * (`worker.ts`) is bundled on its own as one classic script, with this build's shell files and
 * id written in, and emitted as `sw.js` at the root of the build, where the server serves it.
 */
import { build, type Plugin } from 'vite';
import { buildIdOf, shellFiles, type BuiltChunk } from './shell-files.ts';

const WORKER_ENTRY = 'src/service-worker/worker.ts';
/**
 * The worker's file in the build: the contract's `SERVICE_WORKER_PATH` at the root (a test
 * holds them together; Vite loads its config without the workspace's TypeScript packages).
 */
export const SERVICE_WORKER_FILE = 'sw.js';

/** The worker's code, bundled as a classic script (a module worker is not yet everywhere). */
async function bundleWorker(root: string, define: Record<string, string>): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: {
      write: false,
      minify: true,
      copyPublicDir: false,
      lib: { entry: WORKER_ENTRY, formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw' },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((file) => file.type === 'chunk');
    if (chunk?.type === 'chunk') return chunk.code;
  }
  throw new Error('the service worker bundled to no script');
}

export function serviceWorkerPlugin(): Plugin {
  let root = '';
  return {
    name: 'backlay:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle).flatMap((file) =>
        file.type === 'chunk'
          ? [
              {
                fileName: file.fileName,
                isEntry: file.isEntry,
                imports: file.imports,
                css: [...(file.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const code = await bundleWorker(root, {
        __SHELL_FILES__: JSON.stringify(shellFiles(chunks)),
        __BUILD_ID__: JSON.stringify(buildIdOf(Object.keys(bundle))),
      });
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: code });
    },
  };
}
