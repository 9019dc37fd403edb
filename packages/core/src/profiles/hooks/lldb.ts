import { GatewayError } from '../../errors.js';
import { buildNativeSource, isNativeSource } from './native-build.js';
import { describeLldbExit, lldbExitSignal, explainPtraceRefusal, lldbCommonVars } from './lldb-common.js';
import type { ProfileHooks, TemplateVars } from './types.js';

/** C and C++ through lldb-dap: a single source file is built with -g -O0 first; a binary runs as is. */
export const lldbHooks: ProfileHooks = {
  async prepareLaunch(vars: TemplateVars) {
    if (!vars.program) throw new GatewayError('C/C++ launch needs program: a binary built with -g, or a single .c/.cpp file', 'e.g. {program: "build/app"} or {program: "src/main.c"}', 'bad-arguments');
    if (isNativeSource(vars.program)) vars.program = await buildNativeSource(vars.program);
    lldbCommonVars(vars, []);
  },
  prepareAttach(vars: TemplateVars) {
    lldbCommonVars(vars, []);
  },
  explainAttachFailure: (message) => explainPtraceRefusal(message),
  describeExit: describeLldbExit,
  exitSignal: lldbExitSignal,
};
