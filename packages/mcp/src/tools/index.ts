import type { Tool } from './register.js';
import { debugLanguagesTool } from './debug-languages.js';
import { debugLaunchTool } from './debug-launch.js';
import { debugAttachTool } from './debug-attach.js';
import { debugSessionsTool } from './debug-sessions.js';
import { debugStatusTool } from './debug-status.js';
import { debugStopTool } from './debug-stop.js';
import { debugDiagnoseTool } from './debug-diagnose.js';
import { debugBreakpointSetTool } from './debug-breakpoint-set.js';
import { debugBreakpointRemoveTool } from './debug-breakpoint-remove.js';
import { debugBreakpointsTool } from './debug-breakpoints.js';
import { debugExceptionBreakpointsTool } from './debug-exception-breakpoints.js';
import { debugRunToTool } from './debug-run-to.js';
import { debugContinueTool } from './debug-continue.js';
import { debugStepTool } from './debug-step.js';
import { debugPauseTool } from './debug-pause.js';
import { debugWaitTool } from './debug-wait.js';
import { debugSetVariableTool } from './debug-set-variable.js';
import { debugThreadsTool } from './debug-threads.js';
import { debugStackTool } from './debug-stack.js';
import { debugVariablesTool } from './debug-variables.js';
import { debugEvaluateTool } from './debug-evaluate.js';
import { debugEventsTool } from './debug-events.js';
import { debugOutputTool } from './debug-output.js';
import { debugSourceTool } from './debug-source.js';
import { debugProbeTool } from './debug-probe.js';
import { debugTestTool } from './test-tool.js';
import { debugTraceTool } from './trace-tool.js';
import { debugSnapshotTool } from './debug-snapshot.js';

/** Every tool, in the order tools/list shows them. */
export const TOOLS: Tool[] = [
  debugLanguagesTool,
  debugLaunchTool,
  debugAttachTool,
  debugSessionsTool,
  debugStatusTool,
  debugStopTool,
  debugDiagnoseTool,
  debugBreakpointSetTool,
  debugBreakpointRemoveTool,
  debugBreakpointsTool,
  debugExceptionBreakpointsTool,
  debugRunToTool,
  debugContinueTool,
  debugStepTool,
  debugPauseTool,
  debugWaitTool,
  debugSetVariableTool,
  debugThreadsTool,
  debugStackTool,
  debugVariablesTool,
  debugEvaluateTool,
  debugEventsTool,
  debugOutputTool,
  debugSourceTool,
  debugProbeTool,
  debugTestTool,
  debugTraceTool,
  debugSnapshotTool,
];
