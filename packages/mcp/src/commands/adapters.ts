import { installAdapter, loadProfiles, ProfileRegistry, resolveAdapter } from '@dapgate/core';

/** `dapgate adapters [list]` and `dapgate adapters install <id|all>`. Prints to stdout (CLI mode). */
export async function adaptersCommand(args: string[]): Promise<number> {
  const registry = new ProfileRegistry(loadProfiles());
  const [verb = 'list', ...rest] = args;
  if (verb === 'list') {
    const statuses = await Promise.all(registry.profiles.map((p) => resolveAdapter(p, { fresh: true })));
    for (const [i, p] of registry.profiles.entries()) {
      const s = statuses[i]!;
      console.log(s.installed ? `${p.id}\t${p.adapter.name}\t${s.adapterProgram ?? s.runtime} (runtime ${s.runtime}${s.version ? `, ${s.version}` : ''})${s.outdated ? '\tOUTDATED: run adapters install' : ''}` : `${p.id}\t${p.adapter.name}\tNOT INSTALLED: ${s.problem}\n\t${s.install}`);
    }
    return 0;
  }
  if (verb === 'install') {
    const fromRelease = rest.includes('--from-release');
    const force = rest.includes('--force');
    const names = rest.filter((r) => !r.startsWith('--'));
    const ids = names.length === 0 || names.includes('all') ? registry.profiles.map((p) => p.id) : names;
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
      console.log(`${s.warning ? 'warn' : 'ok  '} ${p.id}: ${p.adapter.name}${s.adapterProgram ? ` ${s.adapterProgram}` : ''} (runtime ${s.runtime}${s.version ? `, ${s.version}` : ''})${s.outdated ? ' OUTDATED: run adapters install' : ''}`);
      if (s.warning) console.log(`     ${s.warning}`);
    } else {
      missing++;
      console.log(`MISS ${p.id}: ${s.problem}\n     fix: ${s.install}`);
    }
  }
  return missing ? 1 : 0;
}
