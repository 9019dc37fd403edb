package dev.dapgate.javadebughost;

import com.microsoft.java.debug.core.DebugException;
import com.microsoft.java.debug.core.IEvaluatableBreakpoint;
import com.microsoft.java.debug.core.adapter.ErrorCode;
import com.microsoft.java.debug.core.adapter.IDebugAdapterContext;
import com.microsoft.java.debug.core.adapter.IEvaluationProvider;
import com.microsoft.java.debug.core.adapter.handler.StackTraceRequestHandler;
import com.microsoft.java.debug.core.protocol.Events;
import com.microsoft.java.debug.core.protocol.Types;
import com.sun.jdi.ClassType;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.Value;
import dev.dapgate.javadebughost.eval.EvalException;
import dev.dapgate.javadebughost.eval.Interpreter;
import dev.dapgate.javadebughost.eval.Invoker;
import dev.dapgate.javadebughost.eval.LogTemplate;
import dev.dapgate.javadebughost.eval.Node;
import dev.dapgate.javadebughost.eval.Parser;
import dev.dapgate.javadebughost.format.HostVariableFormatter;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Serves the DAP evaluate request, breakpoint conditions and logpoints with the JDI-level
 * interpreter in {@code eval}. Every returned future is completed, exceptionally on error:
 * the core leaves a thread suspended without a stopped event if one never completes.
 */
final class EvaluationProvider implements IEvaluationProvider {
    static final long DEFAULT_INVOKE_TIMEOUT_MS = 5_000;
    private static final int PARSE_CACHE_LIMIT = 1_000;

    private volatile IDebugAdapterContext context;

    private final Invoker invoker = new Invoker(invokeTimeout());
    private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "java-debug-host-eval");
        t.setDaemon(true);
        return t;
    });
    /** Parsed expressions (Node) or their parse errors (EvalException), by source text. */
    private final Map<String, Object> parseCache = new ConcurrentHashMap<>();
    /** Objects kept alive for the last result on each thread, released on the next one. */
    private final Map<Long, List<ObjectReference>> pins = new ConcurrentHashMap<>();
    private final Map<Long, Object> threadLocks = new ConcurrentHashMap<>();

    private static long invokeTimeout() {
        String v = System.getProperty("javaDebugHost.invokeTimeoutMs", System.getenv("JAVA_DEBUG_HOST_INVOKE_TIMEOUT_MS"));
        try {
            return v == null ? DEFAULT_INVOKE_TIMEOUT_MS : Math.max(100, Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return DEFAULT_INVOKE_TIMEOUT_MS;
        }
    }

    @Override
    public void initialize(IDebugAdapterContext debugContext, Map<String, Object> options) {
        this.context = debugContext;
        debugContext.setVariableFormatter(HostVariableFormatter.create());
    }

    /** The debug session's context, once launch or attach has initialized this provider. */
    IDebugAdapterContext context() {
        return context;
    }

    @Override
    public boolean isInEvaluation(ThreadReference thread) {
        // the core lets an exception pass while this is true: also for one that is no test failure
        return invoker.isBusy(thread) || TestFailureStops.passing(thread);
    }

    @Override
    public CompletableFuture<Value> evaluate(String expression, ThreadReference thread, int depth) {
        return submit(thread, () -> {
            Interpreter in = new Interpreter(thread, depth, null, invoker);
            return finish(thread, in, in.evaluate(parse(expression)));
        });
    }

    @Override
    public CompletableFuture<Value> evaluate(String expression, ObjectReference thisContext, ThreadReference thread) {
        return submit(thread, () -> {
            Interpreter in = new Interpreter(thread, -1, thisContext, invoker);
            return finish(thread, in, in.evaluate(parse(expression)));
        });
    }

    /**
     * Evaluates {@code expression} in the frame at {@code depth} (or the top frame for -1) and
     * converts it for assignment to a variable of type {@code targetType}.
     */
    CompletableFuture<Value> evaluateForAssignment(String expression, ThreadReference thread, int depth, String targetType) {
        return submit(thread, () -> {
            Interpreter in = new Interpreter(thread, Math.max(depth, 0), null, invoker);
            return finish(thread, in, in.evaluateForAssignment(parse(expression), targetType));
        });
    }

    /** {@code list.set(index, value)} in the debuggee; the value is already boxed. */
    void listSet(ThreadReference thread, ObjectReference list, int index, Value value) throws EvalException {
        Method set = list.referenceType() instanceof ClassType ct
            ? ct.concreteMethodByName("set", "(ILjava/lang/Object;)Ljava/lang/Object;") : null;
        if (set == null) {
            throw new EvalException(list.referenceType().name() + " has no set(int, Object)");
        }
        long invocationsBefore = invoker.invocations(thread);
        try {
            invoker.invoke(thread, list, set, List.of(thread.virtualMachine().mirrorOf(index), value), false);
        } finally {
            refreshIfInvoked(thread, invocationsBefore);
        }
    }

    @Override
    public CompletableFuture<Value> evaluateForBreakpoint(IEvaluatableBreakpoint breakpoint, ThreadReference thread) {
        return submit(thread, () -> {
            Interpreter in = new Interpreter(thread, 0, null, invoker);
            if (breakpoint.containsLogpointExpression()) {
                // The core resumes after a logpoint whatever we return; the output is ours to send.
                if (breakpoint.containsConditionalExpression()) {
                    boolean hit;
                    try {
                        hit = in.evaluateToBoolean(parse(breakpoint.getCondition()));
                    } catch (EvalException e) {
                        sendLogOutput("<logpoint condition '" + breakpoint.getCondition() + "' failed: "
                            + e.getMessage() + ">", thread);
                        return finish(thread, in, thread.virtualMachine().mirrorOf(false));
                    }
                    if (!hit) {
                        return finish(thread, in, thread.virtualMachine().mirrorOf(false));
                    }
                }
                String message = render(breakpoint.getLogMessage(), in);
                sendLogOutput(message, thread);
                return finish(thread, in, thread.virtualMachine().mirrorOf(message));
            }
            if (breakpoint.containsConditionalExpression()) {
                return finish(thread, in, in.evaluate(parse(breakpoint.getCondition())));
            }
            throw new EvalException("the breakpoint has neither a condition nor a log message");
        });
    }

    @Override
    public CompletableFuture<Value> invokeMethod(ObjectReference thisContext, String methodName, String methodSignature,
            Value[] args, ThreadReference thread, boolean invokeSuper) {
        return submit(thread, () -> {
            ReferenceType type = thisContext.referenceType();
            Method method = null;
            if (type instanceof ClassType ct) {
                ClassType lookup = invokeSuper && ct.superclass() != null ? ct.superclass() : ct;
                method = lookup.concreteMethodByName(methodName, methodSignature);
            }
            if (method == null) {
                List<Method> found = type.methodsByName(methodName, methodSignature);
                if (found.isEmpty()) {
                    List<ReferenceType> object = thread.virtualMachine().classesByName("java.lang.Object");
                    found = object.isEmpty() ? found : object.get(0).methodsByName(methodName, methodSignature);
                }
                method = found.isEmpty() ? null : found.get(0);
            }
            if (method == null) {
                throw new EvalException("no method " + methodName + methodSignature + " in " + type.name());
            }
            List<Value> arguments = args == null ? List.of() : Arrays.asList(args);
            return invoker.invoke(thread, thisContext, method, arguments, invokeSuper);
        });
    }

    @Override
    public void clearState(ThreadReference thread) {
        List<ObjectReference> old = pins.remove(thread.uniqueID());
        if (old != null) {
            Interpreter.release(old);
        }
    }

    // ------------------------------------------------------------------------------------

    private CompletableFuture<Value> submit(ThreadReference thread, Callable<Value> work) {
        CompletableFuture<Value> future = new CompletableFuture<>();
        try {
            executor.execute(() -> {
                long invocationsBefore = invoker.invocations(thread);
                try {
                    Object lock = threadLocks.computeIfAbsent(thread.uniqueID(), k -> new Object());
                    synchronized (lock) {
                        Value value = work.call();
                        refreshIfInvoked(thread, invocationsBefore);
                        future.complete(value);
                    }
                } catch (Throwable t) {
                    refreshIfInvoked(thread, invocationsBefore);
                    future.completeExceptionally(toDebugException(t));
                }
            });
        } catch (Throwable t) {
            future.completeExceptionally(toDebugException(t));
        }
        return future;
    }

    private Value finish(ThreadReference thread, Interpreter in, Value result) {
        List<ObjectReference> previous = pins.put(thread.uniqueID(), in.pinned());
        if (previous != null) {
            Interpreter.release(previous);
        }
        return result;
    }

    private void refreshIfInvoked(ThreadReference thread, long invocationsBefore) {
        try {
            if (invoker.invocations(thread) != invocationsBefore) {
                reloadFrames(thread);
            }
        } catch (RuntimeException e) {
            Log.debug("could not refresh frames: " + e);
        }
    }

    /** Method invocations invalidate the StackFrame mirrors the core has cached. */
    private void reloadFrames(ThreadReference thread) {
        IDebugAdapterContext ctx = context;
        if (ctx == null) {
            return;
        }
        try {
            if (thread.isSuspended()) {
                ctx.getStackFrameManager().reloadStackFrames(thread);
            }
        } catch (RuntimeException e) {
            Log.debug("could not reload frames: " + e);
        }
    }

    private Node parse(String expression) throws EvalException {
        Object cached = parseCache.get(expression);
        if (cached == null) {
            try {
                cached = Parser.parse(expression);
            } catch (EvalException e) {
                cached = e;
            }
            if (parseCache.size() > PARSE_CACHE_LIMIT) {
                parseCache.clear();
            }
            parseCache.put(expression, cached);
        }
        if (cached instanceof EvalException e) {
            throw new EvalException(e.getMessage(), true);
        }
        return (Node) cached;
    }

    private String render(String logMessage, Interpreter in) {
        StringBuilder sb = new StringBuilder();
        for (LogTemplate.Part part : LogTemplate.parse(logMessage).parts()) {
            if (part.expression() == null) {
                sb.append(part.text());
                continue;
            }
            try {
                sb.append(in.evaluateToString(parse(part.expression())));
            } catch (EvalException e) {
                sb.append("<error: ").append(e.getMessage()).append('>');
            } catch (RuntimeException e) {
                sb.append("<error: ").append(e).append('>');
            }
        }
        return sb.toString();
    }

    private void sendLogOutput(String message, ThreadReference thread) {
        IDebugAdapterContext ctx = context;
        if (ctx == null) {
            Log.warn("logpoint output without a debug context: " + message);
            return;
        }
        String text = message + System.lineSeparator();
        Events.OutputEvent event = Events.OutputEvent.createStdoutOutput(text);
        try {
            Location location = thread.frame(0).location();
            String fqn = location.declaringType().name();
            Types.Source source = StackTraceRequestHandler.convertDebuggerSourceToClient(fqn, location.sourceName(),
                location.sourcePath(), ctx);
            if (source != null) {
                event = Events.OutputEvent.createStdoutOutputWithSource(text, source, location.lineNumber());
            }
        } catch (Exception e) {
            Log.debug("logpoint output without source: " + e);
        }
        ctx.getProtocolServer().sendEvent(event);
    }

    private static DebugException toDebugException(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof DebugException d) {
            return d;
        }
        if (t instanceof EvalException e) {
            int code = e.isSyntaxError() ? ErrorCode.EVALUATION_COMPILE_ERROR.getId() : ErrorCode.EVALUATE_FAILURE.getId();
            return new DebugException(e.getMessage(), code, true);
        }
        if (t instanceof VMDisconnectedException) {
            return new DebugException("the debuggee is disconnected", t, ErrorCode.EVALUATE_FAILURE.getId());
        }
        Log.error("evaluation failed", t);
        return new DebugException("evaluation failed: " + t, t, ErrorCode.EVALUATE_FAILURE.getId());
    }
}
