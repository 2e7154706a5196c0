// Finding the layoutd binary, as the Python client does.

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BinaryNotFoundError } from './errors.js';

function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function which(name, envPath) {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The layoutd checkouts to look in: the one this package sits in (`<repo>/Clients/node/lib`), then the
 * nearest one around `cwd`.
 * @param {string} [cwd]
 * @returns {string[]}
 */
export function repoRoots(cwd = process.cwd()) {
  const roots = [];
  const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  if (existsSync(path.join(here, 'Package.swift'))) roots.push(here);
  let dir = path.resolve(cwd);
  for (;;) {
    if (existsSync(path.join(dir, 'Package.swift')) && existsSync(path.join(dir, 'Protocol.md'))) {
      if (!roots.includes(dir)) roots.push(dir);
      break;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return roots;
}

/**
 * The daemon to spawn: `binary` if given, else `$LAYOUTD_BINARY`, else `<repo>/.build/release/layoutd`, else
 * `<repo>/.build/debug/layoutd`, else `layoutd` on PATH. Throws {@link BinaryNotFoundError} naming every path tried.
 * @param {string} [binary]
 * @param {{env?: NodeJS.ProcessEnv, cwd?: string, roots?: string[]}} [options]
 * @returns {string}
 */
export function findBinary(binary, options = {}) {
  const env = options.env ?? process.env;
  if (binary !== undefined && binary !== null) {
    const resolved = binary.includes(path.sep) ? binary : (which(binary, env.PATH) ?? binary);
    if (isExecutable(resolved)) return resolved;
    throw new BinaryNotFoundError([binary]);
  }
  const fromEnv = env.LAYOUTD_BINARY;
  if (fromEnv) {
    // An explicit choice that does not exist is an error, never a silent fallback to another build.
    if (isExecutable(fromEnv)) return fromEnv;
    throw new BinaryNotFoundError([`${fromEnv} (from LAYOUTD_BINARY)`]);
  }
  const tried = ['$LAYOUTD_BINARY (not set)'];
  const roots = options.roots ?? repoRoots(options.cwd);
  if (roots.length === 0) {
    tried.push('<repo>/.build/{release,debug}/layoutd (no layoutd checkout around the package or the cwd)');
  }
  for (const root of roots) {
    for (const config of ['release', 'debug']) {
      const candidate = path.join(root, '.build', config, 'layoutd');
      tried.push(candidate);
      if (isExecutable(candidate)) return candidate;
    }
  }
  const found = which('layoutd', env.PATH);
  if (found) return found;
  tried.push(`layoutd on PATH (${env.PATH ?? ''})`);
  throw new BinaryNotFoundError(tried);
}
