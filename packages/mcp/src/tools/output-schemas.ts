import { z } from 'zod';

/**
 * What each tool's structuredContent carries, built once and shared where tools carry the same
 * shape. Objects pass unknown keys through: a field added later must not fail validation in a
 * client that checks structuredContent against the schema. Fields are optional because an answer
 * cut for its size keeps only sessionId and state (register.ts, withinBudget).
 */
const open = <S extends z.ZodRawShape>(shape: S) => z.object(shape).passthrough();
const str = z.string();
const int = z.number().int();

/** Every result about a session names it and its state (the states are listed once, in sessionOutput). */
export const sessionFields = { sessionId: str.optional(), state: str.optional() };

const frame = open({ index: int, name: str, file: str.optional(), line: int.optional(), sourceReference: int.optional(), library: z.boolean().optional().describe('library code (collapsed in the text)'), asyncBoundary: z.boolean().optional().describe('an async boundary, not a frame') });
const variable = open({
  name: str,
  value: str,
  type: str.optional(),
  length: int.optional(),
  moreChildren: int.optional().describe('members not shown'),
  children: z.array(z.unknown()).optional().describe('members, each of this same shape'),
});
const breakpoint = open({
  id: str,
  kind: str.optional(),
  file: str.optional(),
  line: int.optional(),
  function: str.optional(),
  watch: str.optional(),
  owner: str.optional().describe("'workspace' (every session) or the session id it belongs to"),
  hits: int.optional().describe('passes dapgate saw, over every session (see hitsCounted)'),
  stops: int.optional().describe('of those, the ones that stopped the program'),
  hitsCounted: str.optional().describe("'every pass', or 'condition held': the adapter evaluates the condition at every pass, unseen"),
  verified: z.boolean().optional().describe('bound in at least one session'),
  bindings: z.record(open({ verified: z.boolean(), line: int.optional(), message: str.optional() })).optional().describe('per session id'),
});

/** A session and, when stopped, where and why; when ended, how (debug_status, debug_launch, debug_wait, ...). */
export const sessionOutput = {
  ...sessionFields,
  state: str.optional().describe('initializing | configuring | running | stopped | exited | terminated | failed | reconnecting'),
  language: str.optional(),
  target: str.optional(),
  stop: open({
    reason: str,
    description: str.optional(),
    text: str.optional(),
    threadId: int,
    breakpointIds: z.array(str),
    file: str.optional(),
    line: int.optional(),
    function: str.optional(),
  })
    .optional()
    .describe('present when stopped'),
  locals: z.record(str).optional().describe('name -> value in the top frame'),
  evaluating: z
    .array(open({ id: str, kind: str, count: int, counts: str }))
    .optional()
    .describe("while running: breakpoints evaluated at every pass; count is this run's passes, or passes where the condition held"),
  raisedAt: open({ frame: int, file: str.optional(), line: int.optional(), function: str.optional() })
    .optional()
    .describe("the program's own frame nearest the top, when stopped in runtime code"),
  frames: z.array(frame).optional(),
  otherStoppedThreads: z
    .array(open({ id: int, name: str.optional(), reason: str.optional(), file: str.optional(), line: int.optional() }))
    .optional()
    .describe('the other threads stopped with a stop of their own, in stop order (threadId picks one)'),
  notices: z.array(str).optional().describe('what happened meanwhile, e.g. a worker or child process ended'),
  exitCode: z.number().optional().describe('only when the debugger reported it'),
  exitNote: str.optional(),
  neverBound: z.array(str).optional().describe('breakpoints that never bound in the run'),
  failure: open({ reason: str, stderrTail: str.optional() }).optional(),
  waitTimedOut: z.boolean().optional().describe('still running when the wait ended'),
  testOutcome: open({ outcome: str.describe('passed | failed | error | no tests ran | unknown'), basis: str, summary: str.optional(), exitCode: z.number().optional() })
    .optional()
    .describe('a debug_test session, once ended'),
};

export const outputs = {
  session: sessionOutput,
  launch: {
    ...sessionOutput,
    breakpoints: z.array(str).optional().describe('ids of the breakpoints given'),
    armed: z.array(str).optional().describe('what can stop it: breakpoints, exception filters, stopOnEntry'),
  },
  runTo: { ...sessionOutput, reached: z.boolean().optional().describe('stopped at the requested line') },
  step: { ...sessionOutput, changed: z.record(str).optional().describe('local -> "old -> new"'), pastCaller: str.optional().describe('the function stepped out of, when the stop is past where it returned to'), notCompared: z.array(str).optional().describe('locals cut short alike before and after whose hidden part was not read: changed or not, unknown') },
  languages: {
    languages: z.array(
      open({ id: str, languages: z.array(str), extensions: z.array(str), adapter: str, installed: z.boolean(), version: str.optional(), path: str.optional(), problem: str.optional(), install: str, attach: z.boolean(), attachHint: str.optional(), testIds: str.optional(), fields: z.record(str).optional().describe('its own launch/attach arguments: name -> meaning') }),
    ).optional(),
  },
  sessions: { sessions: z.array(open({ sessionId: str, language: str, target: str, kind: str, state: str, detached: z.boolean().optional().describe('ended by detaching; its program was left running'), where: str.optional() })).optional(), droppedEnded: int.optional().describe('older ended sessions no longer kept') },
  stop: { ...sessionFields, terminated: z.boolean().optional().describe('the program was asked to end'), pid: int.optional() },
  diagnose: {
    ...sessionFields,
    adapterCommand: z.array(str).optional(),
    requestArguments: z.unknown().optional(),
    pid: int.optional(),
    capabilities: z.record(z.unknown()).optional(),
    pendingRequests: z.array(open({ seq: int, command: str, ageMs: z.number() })).optional(),
    traffic: z.array(open({ at: z.number(), direction: str, summary: str })).optional(),
    stderrTail: str.optional(),
    gateway: open({
      eventLoopDelayMs: open({ p50: z.number(), p99: z.number(), max: z.number(), samples: z.number() }).optional().describe('since the last diagnose'),
      rssMb: z.number().optional(),
      heapUsedMb: z.number().optional(),
      liveSessions: int.optional(),
      warmAdapterPids: z.array(int).optional(),
    }).optional(),
  },
  breakpoint: { breakpoint: breakpoint.optional() },
  breakpoints: { breakpoints: z.array(breakpoint).optional() },
  removed: { removed: z.array(str).optional(), remaining: int.optional() },
  exceptionFilters: { ...sessionFields, active: z.array(str).optional(), offered: z.array(open({ filter: str, label: str })).optional() },
  setVariable: { ...sessionFields, path: str.optional(), old: str.optional(), value: str.optional(), type: str.optional() },
  threads: {
    ...sessionFields,
    threads: z
      .array(open({ id: int, name: str, state: str.describe('running | stopped'), current: z.boolean(), target: str.optional(), reason: str.optional(), file: str.optional(), line: int.optional(), function: str.optional() }))
      .optional(),
    total: int.optional(),
    stopped: int.optional().describe('how many of them are stopped'),
    totalIsLowerBound: z.boolean().optional().describe('the adapter lists at most so many'),
    unlistedWhileRunning: z.boolean().optional().describe('the adapter cannot list threads while the program runs'),
  },
    stack: { ...sessionFields, threadId: int.optional(), frames: z.array(frame).optional(), totalFrames: int.optional(), totalIsLowerBound: z.boolean().optional() },
  snapshot: {
    ...sessionFields,
    via: str.optional().describe('pause | stopped | evaluated (read while it ran)'),
    total: int.optional(),
    totalIsLowerBound: z.boolean().optional(),
    unread: int.optional().describe('threads not read in time'),
    groups: z.array(open({ file: str.optional(), line: int.optional(), function: str.optional(), reason: str.optional(), noProgramFrame: z.boolean(), noFrames: str.optional(), threadIds: z.array(int) })).optional().describe('threads by where they wait'),
    threads: z
      .array(open({ id: int, name: str.optional(), state: str, waitReason: str.optional(), frames: z.array(frame), programFrame: int.optional(), locals: z.record(str).optional(), locks: open({ holds: z.array(open({ type: str, id: int })) }).optional().describe('held and awaited (waitsFor: {type, id, owner, entering})'), error: str.optional() }))
      .optional()
      .describe('in full, at most maxThreads'),
    deadlocks: z.array(open({ threads: z.array(open({ id: int, heldBy: int })) })).optional().describe('threads waiting for each other in a circle'),
    resumed: z.boolean().optional(),
    detached: z.boolean().optional(),
    targetRuns: z.boolean().optional().describe('checked after the detach'),
  },
  variables: {
    ...sessionFields,
    frame: int.optional(),
    variable: variable.optional().describe('with path'),
    scopes: z.array(open({ name: str, variables: z.array(variable), moreChildren: int.optional() })).optional().describe('without path'),
  },
  evaluate: { ...sessionFields, expression: str.optional(), result: str.optional(), type: str.optional(), members: z.array(variable).optional(), error: str.optional() },
  events: { ...sessionFields, events: z.array(open({ seq: int, at: z.number(), type: str, summary: str })).optional(), next: int.optional(), dropped: int.optional() },
  output: { ...sessionFields, output: str.optional(), next: int.optional(), dropped: int.optional() },
  source: { file: str.optional(), line: int.optional(), totalLines: int.optional() },
  test: {
    ...sessionOutput,
    test: str.optional(),
    runner: str.optional().describe('how the id was read'),
    breakpoints: z.array(str).optional(),
    failureFrame: int.optional().describe('the frame where the test failed'),
    failureLocals: z.record(str).optional(),
    failureLocation: open({ frame: int, file: str.optional(), line: int.optional(), function: str.optional() }).optional(),
  },
  trace: {
    ...sessionFields,
    traces: z
      .array(
        open({
          function: str,
          file: str.optional(),
          startLine: int,
          entry: z.record(str).describe('locals at the start (the arguments)'),
          events: z.array(z.unknown()).describe('each line run: its locals changed, calls made, folded loops'),
          end: open({ kind: str.describe('returned | raised | cut | ...') }),
          steps: int,
          ms: z.number(),
        }),
      )
      .optional(),
    shortBy: str.optional().describe('why fewer calls than asked were traced'),
    skipped: str.optional(),
    linesPerSecond: z.number().optional(),
    elapsed: str.optional(),
  },
  probe: {
    ...sessionFields,
    hits: z
      .array(
        open({
          breakpointIds: z.array(str),
          reason: str,
          file: str.optional(),
          line: int.optional(),
          function: str.optional(),
          locals: z.record(str),
          expressions: z.record(str),
        }),
      )
      .optional(),
    otherStops: z.array(open({ reason: str, breakpointIds: z.array(str) })).optional().describe('stops not at its breakpoints'),
    exitCode: z.number().optional(),
  },
} satisfies Record<string, z.ZodRawShape>;
