import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Profile } from '../profiles/schema.js';
import { configDir } from '../profiles/loader.js';
import { cacheDir, venvPython } from '../paths.js';
import { which, whichFirst } from '../which.js';
import { runStep as run } from '../process/run-command.js';
import { installNpmExtract } from './install-npm.js';
import { applyPatch } from './venv-patch.js';
import { installGo } from './install-go.js';
import { describeUsable, forgetResolution, installHint, resolveAdapter, sourceHash, type AdapterStatus } from './resolver.js';

/**
 * Installs a profile's adapter into dapgate's cache unless a usable one is already there.
 * `log` receives progress lines (never stdout: the caller decides where they go).
 */
export async function installAdapter(profile: Profile, log: (line: string) => void, options: { force?: boolean; fromRelease?: boolean } = {}): Promise<AdapterStatus> {
  const before = await resolveAdapter(profile, { fresh: true });
  // a debugpy found only on PATH runs unpatched: dapgate's own venv is made unless the user chose one (DAPGATE_DEBUGPY_PYTHON)
  const ownPreferred = before.source === 'path' && profile.adapter.install.kind === 'pip-venv';
  if (before.installed && !options.force && !before.outdated && !ownPreferred) {
    // a venv made before the profile had its fix (or whose packages were reinstalled) gets it now
    if (before.source === 'managed' && before.patch && !before.patch.applied) return patchVenv(profile, before.runtime!, log);
    log(`${profile.id}: already usable (${before.source}): ${describeUsable(profile, before)}`);
    if (before.warning) log(`${profile.id}: WARNING: ${before.warning}`);
    return before;
  }
  const spec = profile.adapter.install;
  if (spec.kind === 'manual') throw new Error(`${profile.id}: cannot be installed automatically: ${spec.instructions}`);
  if (spec.kind === 'system-package') throw new Error(`${profile.id}: ${profile.adapter.name} is not installed by dapgate (it comes from the system's packages or its vendor's releases). Install it:  ${installHint(profile)}`);
  if (spec.kind === 'maven-jar') return installMavenJar(profile, spec, log);
  if (spec.kind === 'npm-extract' || spec.kind === 'go-install') {
    const where =
      spec.kind === 'npm-extract' ? await installNpmExtract(spec, (l) => log(`${profile.id}: ${l}`), options.fromRelease) : await installGo(spec, (l) => log(`${profile.id}: ${l}`));
    forgetResolution(profile.id);
    const after = await resolveAdapter(profile, { fresh: true });
    if (!after.installed) throw new Error(`${profile.id}: installed into ${where}, but still not usable: ${after.problem}`);
    log(`${profile.id}: ready: ${describeUsable(profile, after)}`);
    return after;
  }
  const base = await whichFirst(spec.basePython);
  if (!base) throw new Error(`${profile.id}: no Python found to create the venv (looked for ${spec.basePython.join(', ')} on PATH)`);
  const venv = join(cacheDir(), spec.venv);
  await mkdir(dirname(venv), { recursive: true });
  await rm(venv, { recursive: true, force: true });
  log(`${profile.id}: creating venv ${venv} with ${base}`);
  await run(base, ['-m', 'venv', venv], 'create the venv (on Debian: apt-get install python3-venv)');
  log(`${profile.id}: pip install ${spec.packages.join(' ')}`);
  await run(venvPython(venv), ['-m', 'pip', 'install', '--disable-pip-version-check', '--quiet', ...spec.packages], 'install the packages');
  return patchVenv(profile, venvPython(venv), log);
}

/** Applies the profile's fix to the venv's packages (idempotent), then reports what is usable. */
async function patchVenv(profile: Profile, python: string, log: (line: string) => void): Promise<AdapterStatus> {
  try {
    const done = await applyPatch(profile, python);
    if (done) log(`${profile.id}: ${done}`);
  } catch (e) {
    log(`${profile.id}: WARNING: ${(e as Error).message}`);
  }
  forgetResolution(profile.id);
  const after = await resolveAdapter(profile, { fresh: true });
  if (!after.installed) throw new Error(`${profile.id}: installed, but still not usable: ${after.problem}`);
  log(`${profile.id}: ready: ${describeUsable(profile, after)}`);
  if (after.warning) log(`${profile.id}: WARNING: ${after.warning}`);
  return after;
}

/** Builds a jar from a Maven project in the checkout and keeps it in the cache. */
async function installMavenJar(profile: Profile, spec: { pom: string; builtJar: string; target: string }, log: (line: string) => void): Promise<AdapterStatus> {
  const runtime = await resolveAdapter(profile, { fresh: true });
  if (!runtime.runtime) throw new Error(`${profile.id}: ${runtime.problem}`);
  const checkout = dirname(configDir());
  const mvn = await which('mvn');
  if (!mvn) throw new Error(`${profile.id}: Maven (mvn) is needed to build ${spec.pom}; install it (Debian: apt-get install maven)`);
  log(`${profile.id}: building ${spec.pom} with ${mvn}`);
  await run(mvn, ['-q', '-B', '-f', join(checkout, spec.pom), '-DskipTests', 'package'], `build ${spec.pom}`);
  const target = join(cacheDir(), spec.target);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(join(checkout, spec.builtJar), target);
  await writeFile(`${target}.source-hash`, await sourceHash(join(checkout, dirname(spec.pom))));
  forgetResolution(profile.id);
  const after = await resolveAdapter(profile, { fresh: true });
  if (!after.installed) throw new Error(`${profile.id}: built, but still not usable: ${after.problem}`);
  log(`${profile.id}: ready: ${describeUsable(profile, after)}`);
  return after;
}
