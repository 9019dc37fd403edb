import { extname } from 'node:path';
import { dirname } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cargoBuild, findCargoManifest } from './cargo.js';
import { describeLldbExit, lldbExitSignal, explainPtraceRefusal, lldbCommonVars } from './lldb-common.js';
import { rustFormatterCommands } from './rust-formatters.js';
import { prepareCargoTest } from './cargo-test.js';
import type { ProfileHooks, TemplateVars } from './types.js';

/** Stops where a panic starts unwinding (the panicking line is a few frames up the stack). */
const PANIC_BREAKPOINT = '?breakpoint set --name rust_panic';

/**
 * Rust through lldb-dap: a Cargo project folder (or a .rs file in one) is built with cargo and its
 * bin launched; a binary runs as is. The toolchain's LLDB formatters are loaded, and a panic stops.
 */
export const rustHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    if (!vars.program) throw new GatewayError('Rust launch needs program: a Cargo project folder, a .rs file in one, or a built binary', 'e.g. {program: "."} or {program: "src/bin/tool.rs"} or {program: "target/debug/app"}', 'bad-arguments');
    const source = extname(vars.program) === '.rs';
    const manifest = await findCargoManifest(vars.program);
    const isProject = source || (manifest !== undefined && dirname(manifest) === vars.program);
    if (isProject) {
      if (!manifest) throw new GatewayError(`${vars.program} is not inside a Cargo project`, 'launch a Cargo project (a folder with Cargo.toml), or build it with rustc -g and launch the binary', 'not-found');
      const built = await cargoBuild(manifest, vars.program, process.env);
      vars.program = built.executable;
      vars.builtSources = built.sources;
    }
    lldbCommonVars(vars, await rustFormatterCommands(manifest ? dirname(manifest) : vars.cwd), [PANIC_BREAKPOINT]);
  },
  async prepareAttach(vars: TemplateVars) {
    lldbCommonVars(vars, await rustFormatterCommands(vars.cwd), [PANIC_BREAKPOINT]);
  },
  prepareTest: prepareCargoTest,
  explainAttachFailure: (message) => explainPtraceRefusal(message),
  describeExit: describeLldbExit,
  exitSignal: lldbExitSignal,
};
