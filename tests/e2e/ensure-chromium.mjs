#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests exists: uses $CHROMIUM_PATH or /usr/bin/chromium,
// and installs Debian's `chromium` package when it is missing (never downloads a browser build).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) {
  console.log(`e2e: using Chromium at ${path}`);
  process.exit(0);
}
if (process.env.CHROMIUM_PATH) {
  console.error(`e2e: CHROMIUM_PATH=${path} does not exist`);
  process.exit(1);
}
console.log('e2e: Chromium is missing; installing the Debian package "chromium"…');
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const run = (cmd, args) => execFileSync(asRoot ? cmd : 'sudo', asRoot ? args : [cmd, ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
} catch (error) {
  console.error(`e2e: could not install Chromium (${error.message}). Install it with: apt-get install -y chromium`);
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`e2e: the chromium package installed but ${path} is missing`);
  process.exit(1);
}
