import { describeUsable, installAdapter, loadProfiles, ProfileRegistry, resolveAdapter } from '@dapgate/core';

const INSTALL_USAGE = `usage: dapgate adapters install <id>... | all [--force] [--from-release]
  installs the named adapters into dapgate's cache (all: every profile's, which builds delve with Go
  and the Java host with Maven); 'dapgate adapters list' shows what is installed`;

/** `dapgate adapters [list]` and `dapgate adapters install <id|all>`. Prints to stdout (CLI mode). */
export async function adaptersCommand(args: string[]): Promise<number> {
  const registry = new ProfileRegistry(loadProfiles());
  const [verb = 'list', ...rest] = args;
  if (verb === 'list') {
    const statuses = await Promise.all(registry.profiles.map((p) => resolveAdapter(p, { fresh: true })));
    for (const [i, p] of registry.profiles.entries()) {
      const s = statuses[i]!;
      console.log(s.installed ? `${p.id}\t${describeUsable(p, s)}${s.outdated ? '\tOUTDATED: run adapters install' : ''}` : `${p.id}\t${p.adapter.name}\tNOT INSTALLED: ${s.problem}\n\t${s.install}`);
    }
    return 0;
  }
  if (verb === 'install') {
    const fromRelease = rest.includes('--from-release');
    const force = rest.includes('--force');
    const names = rest.filter((r) => !r.startsWith('--'));
    if (names.length === 0) {
      console.error(INSTALL_USAGE);
      return 2;
    }
    const ids = names.includes('all') ? registry.profiles.map((p) => p.id) : names;
    let failed = 0;
    for (const id of ids) {
      const p = registry.get(id);
      if (!p) {
        console.error(`unknown adapter profile '${id}'; known: ${registry.languageList()}`);
        failed++;
        continue;
      }
      try {
        await installAdapter(p, (line) => console.log(line), { fromRelease, force });
      } catch (e) {
        console.error((e as Error).message);
        failed++;
      }
    }
    return failed ? 1 : 0;
  }
  console.error(`unknown 'adapters' command '${verb}': use 'adapters list' or 'adapters install <id|all>'`);
  return 2;
}

/** `dapgate doctor`: what works, what is missing, and how to fix it. */
export async function doctorCommand(): Promise<number> {
  console.log(`node ${process.version} on ${process.platform}/${process.arch}`);
  let profiles;
  try {
    profiles = loadProfiles();
  } catch (e) {
    console.log(`profiles: BROKEN — ${(e as Error).message}`);
    return 1;
  }
  console.log(`profiles: ${profiles.map((p) => p.id).join(', ')}`);
  let missing = 0;
  const statuses = await Promise.all(profiles.map((p) => resolveAdapter(p, { fresh: true })));
  for (const [i, p] of profiles.entries()) {
    const s = statuses[i]!;
    if (s.installed) {
      console.log(`${s.warning ? 'warn' : 'ok  '} ${p.id}: ${describeUsable(p, s)}${s.outdated ? ' OUTDATED: run adapters install' : ''}${p.unverified ? ' (not verified by dapgate\'s tests)' : ''}`);
      if (s.warning) console.log(`     ${s.warning}`);
    } else if (p.unverified) {
      // a profile no test can run here does not fail the check: it is named, with how to get it
      console.log(`skip ${p.id}: not verifiable here (${p.unverified}); ${s.problem}\n     to use it: ${s.install}`);
    } else {
      missing++;
      console.log(`MISS ${p.id}: ${s.problem}\n     fix: ${s.install}`);
    }
  }
  return missing ? 1 : 0;
}
