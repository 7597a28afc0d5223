import { describe, expect, it } from 'vitest';
import { SERVICE_WORKER_PATH } from '@backlay/contract/installable';
import { buildIdOf, shellFiles, type BuiltChunk } from './shell-files';
import { SERVICE_WORKER_FILE } from './vite-plugin';

function chunk(fileName: string, parts: Partial<BuiltChunk> = {}): BuiltChunk {
  return { fileName, isEntry: false, imports: [], css: [], ...parts };
}

describe('shellFiles', () => {
  it('keeps the page, the entry, what it imports statically and their styles, and no route', () => {
    const chunks = [
      chunk('assets/index-a1.js', {
        isEntry: true,
        imports: ['assets/framework-b2.js', 'assets/storage-c3.js'],
        css: ['assets/index-d4.css'],
      }),
      chunk('assets/framework-b2.js', { imports: ['assets/runtime-e5.js'] }),
      chunk('assets/storage-c3.js', { imports: ['assets/runtime-e5.js'] }),
      chunk('assets/runtime-e5.js'),
      // Route chunks are reached only by dynamic imports.
      chunk('assets/login-page-f6.js', { imports: ['assets/framework-b2.js'], css: ['x.css'] }),
      chunk('assets/main-layout-g7.js'),
    ];
    expect(shellFiles(chunks)).toEqual([
      '/',
      '/assets/framework-b2.js',
      '/assets/index-a1.js',
      '/assets/index-d4.css',
      '/assets/runtime-e5.js',
      '/assets/storage-c3.js',
    ]);
  });

  it('is the page alone for a build without an entry', () => {
    expect(shellFiles([chunk('assets/a-1.js')])).toEqual(['/']);
  });
});

describe('buildIdOf', () => {
  it('names a set of files the same whatever their order, and another set otherwise', () => {
    const files = ['assets/index-a1.js', 'assets/framework-b2.js', 'index.html'];
    expect(buildIdOf(files)).toMatch(/^[0-9a-f]{8}$/);
    expect(buildIdOf([...files].reverse())).toBe(buildIdOf(files));
    expect(buildIdOf(['assets/index-a2.js', 'assets/framework-b2.js', 'index.html'])).not.toBe(
      buildIdOf(files),
    );
  });
});

describe('the built worker', () => {
  it('is emitted where the contract says it is served', () => {
    expect(`/${SERVICE_WORKER_FILE}`).toBe(SERVICE_WORKER_PATH);
  });
});
