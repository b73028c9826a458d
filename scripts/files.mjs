// Every file under a folder, recursively, as paths joined to it (the build's
// post-build steps: scripts/precache.mjs, scripts/compress.mjs).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
