// Shared helpers for the layoutd Node client tests (run with `node --test Clients/node/test/` from the
// repository root, or `npm test` in Clients/node). Daemon tests skip only when no binary exists, and never with
// CI=true (then a missing binary fails the run).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { findBinary } from '../index.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, '..', '..');
export const PROTOCOL_MD = path.join(REPO_ROOT, 'Protocol.md');

let binary = null;
let skipReason = false;
try {
  binary = findBinary();
} catch (error) {
  skipReason = `no layoutd binary to spawn (build it with \`swift build\`): ${error.message}`;
  // In CI every test runs: a missing binary there is a failure, not a skip.
  if (process.env.CI === 'true') throw new Error(`CI=true: ${skipReason}`);
}
/** The daemon the tests spawn (`$LAYOUTD_BINARY` or the repository's build). */
export const BINARY = binary;
/** Pass as `{skip: SKIP}` to tests that need the daemon. */
export const SKIP = skipReason;

export function node(height, extra = {}) {
  return { type: 'node', style: { height }, ...extra };
}

export function text(value, extra = {}) {
  return { type: 'text', text: value, ...extra };
}

/** `count` rows of `height` points with ids `${prefix}0`, `${prefix}1`, … */
export function rows(count, height, prefix = 'r') {
  return Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, cell: node(height) }));
}

/** The state letter of a process (`R`, `S`, `Z`, …) or null when /proc has no such pid. */
export function processState(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return null;
  }
}

/** True when no process (not even a zombie) has this pid. */
export function processGone(pid) {
  return !existsSync(`/proc/${pid}`);
}

export async function waitGone(pid, timeout = 5000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (processGone(pid)) return true;
    await sleep(20);
  }
  return processGone(pid);
}

/** Pids of live (non-zombie) layoutd processes whose parent is this process. */
export function daemonChildren() {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (name === 'layoutd' && Number(fields[1]) === process.pid && fields[0] !== 'Z') found.push(Number(entry));
  }
  return found;
}

/** Every method and notification named in Protocol.md's "Serving" section. */
export function documentedMethods() {
  const document = readFileSync(PROTOCOL_MD, 'utf8');
  const start = document.indexOf('## Serving');
  const following = document.indexOf('\n## ', start + 1);
  const section = document.slice(start, following >= 0 ? following : document.length);
  const names = new Set([...section.matchAll(/`((?:\$|[a-z][A-Za-z]*)\/[A-Za-z]+)`/g)].map((m) => m[1]));
  for (const name of ['initialize', 'initialized', 'shutdown', 'exit']) {
    if (section.includes(`\`${name}\``)) names.add(name);
  }
  return names;
}
